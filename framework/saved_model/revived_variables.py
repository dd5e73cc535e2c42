"""A Keras export's variables as ``tf.saved_model.load`` gives them back.

TensorFlow saves the tf.Variable inside each Keras variable and revives it as a plain tf.Variable
named by the Keras path (``<tf.Variable 'sequential/dense/kernel:0' ...>``, no ``path`` attribute,
a fixed ``trainable`` flag), in a ``ListWrapper``. The loaded archive's functions read the same
variables, so assigning one changes what ``serve`` returns, as in TensorFlow.
"""
from ..train.tracked_containers import ListWrapper


def revived(variables):
    """``variables`` (unpickled, not yet used) made plain tf.Variables in place; a ListWrapper of them."""
    for variable in variables:
        if variable._path is not None:
            variable._name, variable._path = variable._path, None
    return ListWrapper(variables)
