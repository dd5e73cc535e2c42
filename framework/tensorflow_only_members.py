"""tf.Variable members that Keras 3's variables do not have.

tapeflow has one Variable class; a Keras variable (a layer's, metric's or optimizer's weight, or
``keras.Variable(...)``: one with a path) is a Variable too. On TensorFlow 2.21 a Keras variable is
``keras.src.backend.Variable``, which wraps a tf.Variable without its TF-1 era API: Keras-2 code such as
the keras.io PixelCNN's ``self.conv.kernel.get_shape()`` stops there with AttributeError. So these
members answer a plain tf.Variable and raise Keras's AttributeError on a Keras variable; they stay out of
its ``dir()``, so Python's "Did you mean" suggestions skip them too.
"""

# dir(tf.Variable(...)) minus dir(keras.layers.Dense(2).kernel), TF 2.21 + Keras 3.15, that tapeflow defines
KERAS_LACKS = frozenset((
    'batch_scatter_update', 'device', 'experimental_ref', 'gather_nd', 'get_shape', 'initial_value',
    'read_value', 'ref', 'scatter_add', 'scatter_div', 'scatter_max', 'scatter_min', 'scatter_mul',
    'scatter_nd_add', 'scatter_nd_max', 'scatter_nd_min', 'scatter_nd_sub', 'scatter_nd_update',
    'scatter_sub', 'scatter_update', 'set_shape', 'sparse_read'))


class _TensorFlowOnly:
    """A method or property of tf.Variable that a Keras variable (``_path`` set) lacks."""

    def __init__(self, name, member):
        self.name, self.member = name, member

    def __get__(self, variable, owner=None):
        if variable is None:
            return self.member
        if variable._path is not None:      # Keras 3's class is named 'Variable' (tapeflow's 'ResourceVariable')
            raise AttributeError("'Variable' object has no attribute '%s'" % self.name, name=self.name, obj=variable)
        return self.member.__get__(variable, owner)


def hide_from_keras_variables(variable_class):
    """Wraps each of KERAS_LACKS on ``variable_class`` (methods and properties alike)."""
    for name in KERAS_LACKS:
        setattr(variable_class, name, _TensorFlowOnly(name, getattr(variable_class, name)))


def keras_dir(variable, names):
    """``dir()`` of a variable: without KERAS_LACKS for a Keras one."""
    return names if variable._path is None else [n for n in names if n not in KERAS_LACKS]
