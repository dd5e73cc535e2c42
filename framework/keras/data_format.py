"""Keras 3's ``backend.standardize_data_format``, which its image and convolution ops run first: None is
``image_data_format()``, any case is accepted ('CHANNELS_LAST'), and another value is its ValueError
"The `data_format` argument must be one of {'channels_first', 'channels_last'}. Received: data_format=foo"."""
from .backend import image_data_format


def standardize_data_format(data_format, who):
    """'channels_last' or 'channels_first'; ``who`` (the op) is named in the error's note."""
    if data_format is None:
        return image_data_format()
    value = str(data_format).lower()
    if value not in ('channels_first', 'channels_last'):
        error = ValueError("The `data_format` argument must be one of {'channels_first', 'channels_last'}. "
                           'Received: data_format=%s' % value)
        error.add_note("%s: data_format is 'channels_last' or 'channels_first', got %r" % (who, data_format))
        raise error
    return value
