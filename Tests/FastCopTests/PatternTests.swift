import Testing
import FastCop
