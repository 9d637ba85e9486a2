import FastCop
import Testing
