"""keras.ops whose symbolic output Keras 3 states in its Operation's compute_output_spec instead of
deriving it from the op's run: tapeflow's stand-in runs would give the eager dtype (or fail) where Keras
answers a fixed spec. Each rule returns the KerasTensor Keras's spec gives, or None to run the stand-ins.
"""
from .keras_tensor import KerasTensor


def _view_as_real(x):
    # Keras 3's ViewAsReal: KerasTensor(shape=x.shape + (2,), dtype="float32") whatever x's dtype (complex128,
    # int32 and bool Inputs alike); the eager op keeps the dtype of real(x)
    if type(x) is not KerasTensor:
        return None
    return KerasTensor(tuple(x.shape) + (2,), 'float32')


_SPECS = {'view_as_real': _view_as_real}


def keras_op_spec(op, args, kwargs):
    """The KerasTensor Keras 3's compute_output_spec fixes for ``op`` on these arguments, or None."""
    rule = _SPECS.get(op.function_name)
    if rule is None or len(args) != 1 or kwargs:
        return None
    return rule(args[0])
