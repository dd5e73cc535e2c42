"""Decoupled weight decay, as Keras 3 applies it before each update."""
import re

from .keras_cast import keras_cast


class WeightDecay:
    """``var -= var * weight_decay * lr`` for every variable not excluded.

    Exclusions (Keras's ``exclude_from_weight_decay``): given variables, and
    variables whose name matches any of the given regular expressions.
    """

    def __init__(self):
        self._excluded = set()
        self._name_pattern = None

    def exclude(self, var_list=None, var_names=None):
        self._excluded = set(var_list or ())
        # Keras joins the strings into one regular expression, unescaped: ['bias$', 'norm'] are patterns.
        self._name_pattern = re.compile('|'.join(var_names)) if var_names else None

    def applies_to(self, variable, name=None):
        """Whether ``variable`` decays; the patterns are searched in ``name`` (default: its TF name)."""
        if variable in self._excluded:
            return False
        name = tensorflow_name(variable) if name is None else name
        return self._name_pattern is None or self._name_pattern.search(name) is None

    def apply(self, variables, weight_decay, lr):
        """Decay ``variables`` in place; ``lr`` is the current learning rate (a host scalar)."""
        for variable in variables:
            if self.applies_to(variable):
                dtype = variable._data.dtype
                variable._data -= variable._data * keras_cast(weight_decay, dtype) * lr.astype(dtype)


def tensorflow_name(variable):
    """The name Keras 3 on TensorFlow matches the patterns against: the name of the
    tf.Variable underneath, which for a layer's weight is its path with ':0'
    ('sequential/dense/kernel:0', so 'dense' or 'kernel:0$' match, '^kernel' does not)."""
    return variable.name if variable._path is None else variable._path + ':0'
