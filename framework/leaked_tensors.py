"""A tensor a tf.function's trace stored in a global (``global x; x = a + 1``): TF 2.21's leaked graph tensor.

The tf.function guide's "All outputs of a tf.function must be return values": the global holds the
trace's SymbolicTensor, so ``x.numpy()`` raises AttributeError "'SymbolicTensor' object has no attribute
'numpy'", it prints as ``Tensor("add:0", shape=(), dtype=int32)``, and an op given it raises TypeError
'<tf.Tensor 'add:0' shape=() dtype=int32> is out of scope and cannot be used here. ...'. tapeflow's trace
computes values, so after the trace the globals the function's code assigns (``global`` names) that hold
a tensor the trace named, and that the function does not return, are replaced by such a stand-in.
(TensorFlow's text goes on with the frames where the tensor was made, TensorFlow's own among them: left out.)
"""
import dis
import sys

from .tensor import DISPLAY_NAME, Tensor


class OutOfScope(TypeError):
    """TensorFlow's TypeError for a leaked graph tensor given to an op: raised as it is, not in autograph's
    'in user code' words (TensorFlow raises it from its capture of the tensor)."""
    _in_user_code = True
    tf_graph_conversion = True      # (operand conversion keeps the class, operands._other)


OutOfScope.__name__ = OutOfScope.__qualname__ = 'TypeError'
OutOfScope.__module__ = 'builtins'     # (a traceback's last line reads 'TypeError: ...')


class SymbolicTensor:
    """A graph tensor that left its trace: its name, shape and dtype, and no value."""

    def __init__(self, name, shape, dtype):
        self.name = name if ':' in name else name + ':0'
        self.shape, self._dtype = shape, dtype

    @property
    def dtype(self):
        from . import dtypes
        return dtypes.as_dtype(self._dtype)

    def __repr__(self):
        return "<%s.Tensor '%s' shape=%s dtype=%s>" % (DISPLAY_NAME, self.name, self.shape, self._dtype)

    def __str__(self):
        return 'Tensor("%s", shape=%s, dtype=%s)' % (self.name, self.shape, self._dtype)

    # The user's NumPy call gets TensorFlow's refusal of a graph tensor (np.array(model.losses) after fit); the
    # signature has no ``copy``, as TF 2.21's SymbolicTensor.__array__, so NumPy 2 warns first as it does there.
    # tapeflow's own conversion of a list holding it (ops.sum(model.losses)) is TF's capture: out of scope.
    def __array__(self, dtype=None):
        from .assert_statements import LIBRARIES
        if sys._getframe(1).f_code.co_filename.startswith(LIBRARIES[:3]):     # (framework/, layers/, optim/)
            raise self._out_of_scope()
        raise NotImplementedError("Cannot convert a symbolic tf.Tensor (%s) to a numpy array. This error may indicate "
                                  "that you're trying to pass a Tensor to a NumPy call, which is not supported."
                                  % self.name)

    def __bool__(self):         # (``if model.losses[0]:``) TF's graph tensor refuses a Python truth value
        from .assert_statements import BOOL_REFUSAL
        from .errors import OperatorNotAllowedInGraphError
        raise OperatorNotAllowedInGraphError(BOOL_REFUSAL)

    def __tf_tensor__(self, dtype=None, name=None):
        raise self._out_of_scope()

    def _refused(self, *other):
        raise self._out_of_scope()

    # Python's operators run TensorFlow's ops, whose capture of the tensor refuses it (TF 2.21: ``loss + 1.0``
    # of a layer's loss kept from fit's trace is the out-of-scope TypeError)
    __add__ = __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = __truediv__ = __rtruediv__ = _refused
    __pow__ = __rpow__ = __matmul__ = __rmatmul__ = __neg__ = _refused

    def _out_of_scope(self):
        return OutOfScope('%r is out of scope and cannot be used here. Use return values, explicit Python locals or '
                        'TensorFlow collections to access it.\nPlease see https://www.tensorflow.org/guide/function'
                        '#all_outputs_of_a_tffunction_must_be_return_values for more information.' % (self,))


def mark_leaks(python_function, names):
    """Replace, in ``python_function``'s globals, each name its code assigns with ``global`` that now holds
    a tensor of the trace (``names``: id(tensor) -> (name, shape, dtype))."""
    code = getattr(getattr(python_function, '__func__', python_function), '__code__', None)
    space = getattr(getattr(python_function, '__func__', python_function), '__globals__', None)
    if code is None or space is None:
        return
    for global_name in _stored_globals(code):
        value = space.get(global_name)
        entry = names.get(id(value)) if isinstance(value, Tensor) else None
        if entry is not None and entry[1] is not None:    # (a tensor returned too: the caller's is eager)
            space[global_name] = SymbolicTensor(*entry)


def _stored_globals(code):
    stored = {i.argval for i in dis.get_instructions(code) if i.opname == 'STORE_GLOBAL'}
    return sorted(stored)
