"""Tensor operators under ``tnp.experimental_enable_numpy_behavior()``: NumPy's dtype promotion.

Once a TensorFlow program enables NumPy behavior, its Tensor (and Variable) operators promote their
operands as ``np.result_type`` does in TF's 'legacy' mode before running the op (math_ops'
maybe_promote_tensors): ``int32 + int64`` is int64, ``int32 * float32`` float64, ``float32 - float64``
float64, ``int32 + 2.5`` float64, while Python numbers stay weak (``float32 + 2.5`` is float32). Only
the operators do (``+ - * / // % ** @``, comparisons, ``& | ^``): ``tf.add(int32, int64)`` still
fails as it does in TensorFlow. Measured on TF 2.21 (the tf_numpy guide's type promotion cell).

The promoting methods replace Tensor's operators when a program first enables the behavior, so
programs that never do keep the plain operators and their cost; they promote only while
``tensor_numpy_methods.ENABLED`` is set (tests clear it again). ``@`` is then NumPy's matmul, as TF's
operator calls ``tnp.matmul`` under NumPy behavior: ``tnp.asarray([1, 2]) @ [[1], [2]]`` is ``[5]``.
"""
from .tensor import Tensor
from .tensor_numpy_methods import ENABLED

OPERATORS = ('__add__', '__radd__', '__sub__', '__rsub__', '__mul__', '__rmul__', '__truediv__', '__rtruediv__',
             '__floordiv__', '__rfloordiv__', '__mod__', '__rmod__', '__pow__', '__rpow__', '__matmul__',
             '__rmatmul__', '__lt__', '__le__', '__gt__', '__ge__', '__eq__', '__ne__', '__and__', '__rand__',
             '__or__', '__ror__', '__xor__', '__rxor__')


def _needs_promotion(tensor, other, result_dtype):
    if other is None or tensor._data.dtype.kind == 'O':     # None: the op's own error; strings: no promotion
        return False
    if isinstance(other, Tensor):
        return other._data.dtype != tensor._data.dtype
    if type(other) in _WEAK:        # a weak number that keeps the tensor's dtype goes to the op as it is
        return result_dtype(tensor, other) != tensor._data.dtype
    return True


_WEAK = (int, float, complex, bool)


def _promoting(operator):
    numpy_matmul = operator.__name__ in ('__matmul__', '__rmatmul__')

    def method(self, other):
        if ENABLED:
            from .experimental.numpy.conversion import promoted, result_dtype
            if _needs_promotion(self, other, result_dtype):
                self, other = promoted(self, other)
            if numpy_matmul:        # TF's matmul_wrapper: ``a._matmul(b)``, NumPy's matmul (a vector @ a matrix)
                from .experimental.numpy import matmul
                return matmul(self, other) if operator.__name__ == '__matmul__' else matmul(other, self)
        return operator(self, other)
    method.__name__ = operator.__name__
    method.__qualname__ = getattr(operator, '__qualname__', operator.__name__)
    method.__doc__ = operator.__doc__
    method.plain = operator
    return method


def wrapper_code():
    """The code object every promoting operator runs (one closure per operator): traced_ops' naming
    hook looks through it to the operator it wraps."""
    return _promoting(getattr(Tensor.__add__, 'plain', Tensor.__add__)).__code__


def install():
    """Give Tensor (and so Variable) the promoting operators; once."""
    for name in OPERATORS:
        current = getattr(Tensor, name)
        if not hasattr(current, 'plain'):
            setattr(Tensor, name, _promoting(current))
