"""How Python's own errors name a tensor's type, as they read under TensorFlow.

TensorFlow's ``EagerTensor`` is a C type whose ``tp_name`` is its module path, so Python's messages
about it read "'tensorflow.python.framework.ops.EagerTensor' object has no attribute 'assign'" and
"... object does not support item assignment", while ``type(t).__name__`` is 'EagerTensor'.
tapeflow's Tensor answers 'EagerTensor' to ``__name__``; its messages use this path. Its
subclasses (variables: 'ResourceVariable') are Python classes under TensorFlow too: their names
(a Keras 3 variable's class is ``keras.src.backend.Variable``: 'Variable').
"""

EAGER_TENSOR_PATH = 'tensorflow.python.framework.ops.EagerTensor'


def python_type_name(obj):
    """The type name Python's errors give for ``obj`` under TensorFlow: a Keras variable (a layer's
    weight: one with a path) is Keras 3's ``Variable`` there, a tf.Variable a ``ResourceVariable``, a
    tensor of a running trace (an argument, an op's output) a ``SymbolicTensor``."""
    name = type(obj).__name__
    if name == 'EagerTensor':
        from . import trace_names
        if trace_names.ACTIVE and trace_names.entry_of(obj) is not None:
            return 'SymbolicTensor'     # a tensor of the running trace: TensorFlow's graph tensor's class
        return EAGER_TENSOR_PATH
    from .variable import Variable
    return 'Variable' if isinstance(obj, Variable) and obj._path is not None else name


def class_text(obj):
    """``str(type(obj))`` as it reads under TensorFlow ("<class 'tensorflow.python.framework.ops.EagerTensor'>",
    a tf.Variable's ResourceVariable path, "<class 'int'>"), which TF's argument checks quote."""
    from .variable import Variable
    if isinstance(obj, Variable) and getattr(obj, '_path', None) is None:
        return "<class 'tensorflow.python.ops.resource_variable_ops.ResourceVariable'>"
    kind = type(obj)
    if kind.__name__ in _KERAS_TRACKED and kind.__module__.startswith('layers.'):
        return "<class 'keras.src.utils.tracking.%s'>" % kind.__name__
    name = python_type_name(obj)
    return "<class '%s'>" % name if name == EAGER_TENSOR_PATH else str(kind)


# a layer's list and dict attributes: Keras 3's classes there (layers/tracked_containers.py, tracked_dict.py;
# keras.io's MoE example's reloaded kernel_size [3, 3] in a weight's shape: "of type '<class
# 'keras.src.utils.tracking.TrackedList'>'")
_KERAS_TRACKED = ('TrackedList', 'TrackedDict')
