"""The structure of a batch: ``x``, ``(x, y)`` or ``(x, y, sample_weight)``, packed and unpacked as
``keras.utils.pack_x_y_sample_weight`` / ``unpack_x_y_sample_weight``."""



def pack_x_y_sample_weight(x, y=None, sample_weight=None):
    """The batch structure train_step/test_step receive: x, (x, y) or (x, y, sample_weight)."""
    if y is None:
        return (x,) if isinstance(x, (list, tuple)) else x
    if sample_weight is None:
        return (x, y)
    return (x, y, sample_weight)


def unpack_x_y_sample_weight(data):
    """(x, y, sample_weight) from a batch; missing parts are None."""
    if isinstance(data, list):
        data = tuple(data)
    if not isinstance(data, tuple):
        return data, None, None
    if len(data) == 1:
        return data[0], None, None
    if len(data) == 2:
        return data[0], data[1], None
    if len(data) == 3:
        return data
    raise unpack_error(data)


def unpack_error(data):
    """Keras 3's words for a batch of more than (x, y, sample_weight); ``data`` or its text."""
    return ValueError('Data is expected to be in format `x`, `(x,)`, `(x, y)`, or `(x, y, sample_weight)`, '
                      'found: %s' % (data if isinstance(data, str) else (data,)))
