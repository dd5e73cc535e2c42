"""TF's check of an op's bool attribute (exclusive=, reverse=): a string, a number or a numpy bool
there is refused by the op wrapper, not read as truthy; None leaves the attribute at its default."""


def bool_attribute(value, argument):
    """``value`` unchanged if it is a Python bool or None, else TF's TypeError."""
    if value is not None and type(value) is not bool:
        raise TypeError("Expected bool for argument '%s' not %r." % (argument, value))
    return value
