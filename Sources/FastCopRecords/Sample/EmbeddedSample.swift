/// The sample shipped with the tool: a small dirty contacts CSV and the rules that clean it.
///
/// `fastcop` with no arguments cleans it; `fastcop sample --write DIR` writes both files so
/// that a new user can run `fastcop clean` on them and then adapt the rules to their own data.
package enum EmbeddedSample {
    package static let dataName = "contacts.csv"
    package static let rulesName = "rules.json"

    /// Contacts as they come from a web form and a spreadsheet export: stray spaces and case,
    /// phone numbers in every notation, a zero-width space, a quoted name with a comma, a row
    /// with a column missing, and plain mistakes.
    package static let contacts = """
        id,name,email,phone,country
        1,Ada Lovelace,ADA@Example.com ,+44 20 7946 0958,gb
        2,  Grace   Hopper ,grace.hopper@navy.mil,(202) 555-0143,US
        3,Alan Turing,alan.turing@,+44 161 496 0735,GB
        4,"Hopper, Grace M.",ghopper@example.org,555-0101,us
        5,Jean-Baptiste Fourier,jb.fourier@example.fr,+33 1 23 45 67 89,FR
        6,Émilie du Châtelet,emilie@exemple.fr,01 42 68 53 00,fr
        7,Carl Friedrich Gauß,gauss@example.de,+49 551 39 0,DE
        8,Katherine Johnson,katherine.johnson@nasa.gov,12,US
        9,X,x@example,+1 202 555 0199,US
        10,Sofia Kovalevskaya,sofia@example.ru,+7 495 123-45-67,RU
        11,Hedy Lamarr,hedy.lamarr@example.com,,AT
        12,Srinivasa Ramanujan,ramanujan@example.in,+91 44 2345 6789,IN
        13,Margaret Hamilton,margaret@@mit.edu,617-253-1000,us
        14,Tim\u{200B} Berners-Lee,TIMBL@W3.ORG,+44 20 7946 0000,GB
        15,Marie Curie,marie.curie@example.fr,+33 1 40 51 00 00
        16,Rosalind Franklin,rosalind@example.co.uk,+44 20 7946 0321,GB
        17,Linus Torvalds,linus@example.org,+1 503 555 0100,US
        18,Barbara Liskov,liskov@mit.edu,+1 617 555 0142,US
        19,Donald Knuth,knuth@stanford.edu,call 555-KNUTH,US
        20,Edsger Dijkstra,e.w.dijkstra@example.nl,+31 40 247 9111,NL

        """

    /// The rules for the sample (the README's example).
    package static let rules = #"""
        {
          "fields": {
            "name": {
              "filters": ["stripInvisible", "collapseWhitespace", "trim"],
              "trials": [{"length": {"minimum": 2}}],
              "message": "Name too short"
            },
            "email": {
              "filters": ["trim", "lowercase"],
              "trials": ["email"],
              "message": "Invalid email"
            },
            "phone": {
              "filters": [{"regexReplace": {"pattern": "[^0-9+]", "replacement": ""}}],
              "trials": [{"format": "\\+?[0-9]{7,15}"}],
              "optional": true,
              "message": "Invalid phone number"
            },
            "country": {
              "filters": ["trim", "uppercase"],
              "trials": [{"oneOf": ["AT", "DE", "FR", "GB", "IN", "NL", "RU", "US"]}],
              "message": "Unknown country code"
            }
          }
        }

        """#
}
