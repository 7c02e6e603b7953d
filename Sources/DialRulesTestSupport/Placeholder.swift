import DialRules
