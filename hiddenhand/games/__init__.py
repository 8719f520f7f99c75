"""The games. Each subpackage registers one Game when imported; the registry finds them all."""
