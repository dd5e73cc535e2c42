"""An axis outside the input where Keras 3 indexes the input's shape with it: Python's IndexError.

BatchNormalization, LayerNormalization and GroupNormalization read ``input_shape[axis]`` when they
build, so Keras 3 refuses axis=5 of a rank-3 input with IndexError('tuple index out of range');
PReLU assigns ``param_shape[axis - 1]`` ('list assignment index out of range'). tapeflow raises that
text, with its own explanation as a note, in a class that is a ValueError too (as it raised before).
"""
from framework.errors import shown_as


class AxisRangeError(IndexError, ValueError):
    """An axis out of range for the input's shape (Keras 3's IndexError)."""


# Programs print type(e).__name__ and tracebacks name the class: TF 2.21 shows IndexError there
shown_as(AxisRangeError, IndexError)


def axis_range_error(explanation, text='tuple index out of range'):
    error = AxisRangeError(text)
    error.add_note(explanation)
    return error
