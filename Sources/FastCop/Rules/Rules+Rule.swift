extension Rules {
    /// One rule of ``Rules``: a field with its checks, a nested value with its own rules, or
    /// the elements of an array.
    ///
    /// Key paths must be `Sendable` (a key path literal such as `\.name` is); rules made with
    /// a `WritableKeyPath` write cleaned strings back in ``Rules/clean(_:)``.
    public struct Rule: Sendable {
        let check: @Sendable (Root, String, inout Failures) -> Void
        let clean: @Sendable (inout Root, String, inout Failures) -> Void

        init(
            check: @escaping @Sendable (Root, String, inout Failures) -> Void,
            clean: (@Sendable (inout Root, String, inout Failures) -> Void)? = nil
        ) {
            self.check = check
            self.clean = clean ?? { value, prefix, failures in check(value, prefix, &failures) }
        }

        /// The field `name` read by `keyPath`, checked by every one of `validations` (all run;
        /// each failure is reported).
        public static func field<Value>(
            _ name: String, _ keyPath: any KeyPath<Root, Value> & Sendable, _ validations: Validation<Value>...
        ) -> Rule {
            Rule { root, prefix, failures in
                failures.add(fieldPath(prefix, name), errors(of: root[keyPath: keyPath], validations))
            }
        }

        /// The string field `name`, cleaned by `filters` in order, then checked by
        /// `validations`. A filter that throws or gives nil fails the field ("could not be
        /// cleaned: …"), and its checks do not run.
        public static func field(
            _ name: String, _ keyPath: any WritableKeyPath<Root, String> & Sendable, filters: [any FilterType],
            _ validations: Validation<String>...
        ) -> Rule {
            cleaned(name, keyPath, validations) { filtered($0, filters) }
        }

        /// The optional string field `name`: nil is left alone (and checked as nil), a string is
        /// cleaned by `filters`, then checked by `validations`.
        public static func field(
            _ name: String, _ keyPath: any WritableKeyPath<Root, String?> & Sendable, filters: [any FilterType],
            _ validations: Validation<String?>...
        ) -> Rule {
            cleaned(name, keyPath, validations) { value in
                value.map { filtered($0, filters).map { $0 } } ?? .success(nil)
            }
        }

        /// A field whose value goes through `filter` before `validations`; ``Rules/clean(_:)``
        /// writes the result back.
        private static func cleaned<Value>(
            _ name: String, _ keyPath: any WritableKeyPath<Root, Value> & Sendable, _ validations: [Validation<Value>],
            _ filter: @escaping @Sendable (Value) -> Result<Value, FilterFailure>
        ) -> Rule {
            Rule(
                check: { root, prefix, failures in
                    let path = fieldPath(prefix, name)
                    switch filter(root[keyPath: keyPath]) {
                    case .success(let value): failures.add(path, errors(of: value, validations))
                    case .failure(let error): failures.add(path, [error])
                    }
                },
                clean: { root, prefix, failures in
                    let path = fieldPath(prefix, name)
                    switch filter(root[keyPath: keyPath]) {
                    case .success(let value):
                        root[keyPath: keyPath] = value
                        failures.add(path, errors(of: value, validations))
                    case .failure(let error): failures.add(path, [error])
                    }
                })
        }

        /// The value at `keyPath`, checked by its own `rules`; its fields' paths start with
        /// `name.` (`address.city`).
        public static func nested<Value>(
            _ name: String, _ keyPath: any WritableKeyPath<Root, Value> & Sendable, _ rules: Rules<Value>
        ) -> Rule {
            Rule(
                check: { root, prefix, failures in
                    rules.check(root[keyPath: keyPath], prefix: fieldPath(prefix, name), into: &failures)
                },
                clean: { root, prefix, failures in
                    rules.clean(&root[keyPath: keyPath], prefix: fieldPath(prefix, name), into: &failures)
                })
        }

        /// The optional value at `keyPath`, checked by `rules` when present (nil passes; add a
        /// ``field(_:_:_:)`` rule with `.presence()` to require it).
        public static func nested<Value>(
            _ name: String, _ keyPath: any WritableKeyPath<Root, Value?> & Sendable, _ rules: Rules<Value>
        ) -> Rule {
            Rule(
                check: { root, prefix, failures in
                    guard let value = root[keyPath: keyPath] else { return }
                    rules.check(value, prefix: fieldPath(prefix, name), into: &failures)
                },
                clean: { root, prefix, failures in
                    guard var value = root[keyPath: keyPath] else { return }
                    rules.clean(&value, prefix: fieldPath(prefix, name), into: &failures)
                    root[keyPath: keyPath] = value
                })
        }

        /// Every element of the array at `keyPath`, checked by `rules`; paths name the element
        /// by its index (`items[2].sku`).
        public static func each<Element>(
            _ name: String, _ keyPath: any WritableKeyPath<Root, [Element]> & Sendable, _ rules: Rules<Element>
        ) -> Rule {
            Rule(
                check: { root, prefix, failures in
                    for (index, element) in root[keyPath: keyPath].enumerated() {
                        rules.check(element, prefix: "\(fieldPath(prefix, name))[\(index)]", into: &failures)
                    }
                },
                clean: { root, prefix, failures in
                    for index in root[keyPath: keyPath].indices {
                        rules.clean(
                            &root[keyPath: keyPath][index], prefix: "\(fieldPath(prefix, name))[\(index)]",
                            into: &failures)
                    }
                })
        }

        /// Every element of the array at `keyPath`, checked by `validations`; paths name the
        /// element by its index (`tags[1]`).
        public static func each<Element>(
            _ name: String, _ keyPath: any KeyPath<Root, [Element]> & Sendable, _ validations: Validation<Element>...
        ) -> Rule {
            Rule { root, prefix, failures in
                for (index, element) in root[keyPath: keyPath].enumerated() {
                    failures.add("\(fieldPath(prefix, name))[\(index)]", errors(of: element, validations))
                }
            }
        }
    }
}

/// The errors `validations` throw for `value`, in order.
private func errors<Value>(of value: Value, _ validations: [Validation<Value>]) -> [any Error] {
    var errors: [any Error] = []
    for validation in validations {
        do { try validation.validate(value) } catch { errors.append(error) }
    }
    return errors
}

/// A filter's failure: it threw, or gave no string.
struct FilterFailure: Error, CustomStringConvertible {
    let description: String
}

/// `value` through `filters` in order.
private func filtered(_ value: String, _ filters: [any FilterType]) -> Result<String, FilterFailure> {
    var value = value
    for filter in filters {
        do {
            guard let next = try filter.apply(to: value, context: nil) else {
                return .failure(FilterFailure(description: "Could not be cleaned: \(type(of: filter)) gave no value"))
            }
            value = next
        } catch {
            return .failure(FilterFailure(description: "Could not be cleaned: \(error)"))
        }
    }
    return .success(value)
}
