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


def name_in_pythons_errors(cls, path=EAGER_TENSOR_PATH):
    """Make the interpreter's own messages about ``cls``'s instances name ``path``, as they name
    TensorFlow's C type ("'tensorflow.python.framework.ops.EagerTensor' object is not callable", "...
    does not support the context manager protocol", "... object has no attribute 'foo'").

    Those texts come from CPython's ``tp_name``, which for a class statement's type is ``__name__``;
    TensorFlow's EagerTensor is a C type whose ``tp_name`` is its module path while ``__name__`` is
    'EagerTensor'. Pointing ``tp_name`` at the path keeps ``__name__`` / ``__qualname__`` / pickling
    as they are, and costs nothing per call (a ``__getattr__`` or ``__call__`` would cost every
    attribute load, or make tensors callable). Off CPython, or on a layout this does not recognise,
    the class keeps its plain name."""
    import ctypes
    import platform
    if platform.python_implementation() != 'CPython':
        return
    # PyTypeObject begins with PyObject_VAR_HEAD (refcount, type, size): tp_name is the next field
    field = ctypes.c_char_p.from_address(id(cls) + 3 * ctypes.sizeof(ctypes.c_void_p))
    if field.value != cls.__name__.encode():
        return
    text = ctypes.create_string_buffer(path.encode())
    _KEPT_NAMES[cls] = text         # tp_name borrows the buffer: it lives as long as the class
    ctypes.c_void_p.from_address(ctypes.addressof(field)).value = ctypes.addressof(text)


_KEPT_NAMES = {}
