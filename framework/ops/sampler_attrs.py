"""The integer attributes of TensorFlow's candidate-sampler kernels (num_true, num_sampled, range_max, ...),
read as TF 2.21 reads them: its Python wrapper's ``make_int`` first (``int(v)``, so 2.5 is 2; a string, None
or a list is its TypeError 'Expected int for argument ...'), then the kernel's ``min=1`` (``min=0`` for shard)
check, an InvalidArgumentError. tapeflow refused 2.5 and raised ValueError for 0 or -1."""
from ..errors import InvalidArgumentError

_MINIMUM = {'shard': 0, 'num_reserved_ids': 0}


def attr_ints(op, kernel, **values):
    """The values as ints, in the order given; raises as TensorFlow does for ``kernel``'s attributes."""
    out = []
    for name, value in values.items():
        if isinstance(value, (str, bytes)):
            raise TypeError("Expected int for argument '%s' not %r." % (name, value))
        try:
            out.append(int(value))
        except (TypeError, ValueError):
            raise TypeError("Expected int for argument '%s' not %r." % (name, value)) from None
    for name, value in zip(values, out):
        minimum = _MINIMUM.get(name, 1)
        if value < minimum:
            error = InvalidArgumentError("Value for attr '%s' of %d must be at least minimum %d\n\t; NodeDef: "
                                         "{{node %s}}" % (name, value, minimum, kernel))
            error.add_note('%s: %s must be an int >= %d, got %r' % (op, name, minimum, values[name]))
            raise error
    return out
