"""tf.linalg.band_part's num_lower / num_upper as TF 2.21's eager MatrixBandPart takes them: both are
converted to one index dtype Tindex (a tensor's dtype if one is a tensor, else int64), so a Python float
fails that conversion ('Cannot convert 1.0 to EagerTensor of dtype int64'), a float tensor is the registry's
attr error, two tensors of different int dtypes are an input error, and a non-scalar is the kernel's
'num_lower must be scalar, got shape [1]'. numpy scalars (float ones truncated) and Python bools pass as integers, as in TF.
(Texts printed by TF 2.21, progs/opsfuzz11/p12.py.)"""
import numpy as np

from ..errors import InvalidArgumentError, fast_path, kernel_error
from ..tensor import Tensor
from .graph_input_errors import eager_input_error, kernel_dtype_name

_SIGNATURE = ('Op<name=MatrixBandPart; signature=input:T, num_lower:Tindex, num_upper:Tindex -> band:T; attr=T:type; '
              'attr=Tindex:type,default=DT_INT64,allowed=[DT_INT32, DT_INT64]> [Op:MatrixBandPart] name: ')


def band_counts(x, num_lower, num_upper):
    """(num_lower, num_upper) as Python ints, or MatrixBandPart's error for the first one it refuses."""
    counts = (('num_lower', num_lower), ('num_upper', num_upper))
    for _, value in counts:
        if value is None:
            raise ValueError("Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a "
                             "Tensor.")
    tensors = [value for _, value in counts if isinstance(value, Tensor)]
    index_dtype = tensors[0].dtype.name if tensors else 'int64'
    if index_dtype not in ('int32', 'int64'):
        error = InvalidArgumentError("Value for attr 'Tindex' of %s is not in the list of allowed values: int32, "
                                     "int64\n\t; NodeDef: {{node MatrixBandPart}}; %s"
                                     % (kernel_dtype_name(index_dtype), _SIGNATURE))
        error.add_note('band_part: num_lower and num_upper must be int32 or int64, got %s' % index_dtype)
        raise error
    for i, (what, value) in enumerate(counts):
        if isinstance(value, Tensor) and value.dtype.name != index_dtype:
            error = eager_input_error('MatrixBandPart', i + 1, index_dtype, value.dtype)
            error.add_note('band_part: num_lower and num_upper must share one integer dtype')
            raise error
        if isinstance(value, (float, complex)) or (isinstance(value, (list, tuple)) and _holds_float(value)):
            error = TypeError('Cannot convert %r to EagerTensor of dtype %s' % (value, index_dtype))
            error.add_note('band_part: %s must be an integer (a negative one keeps every diagonal), got %r'
                           % (what, value))
            raise error
        if isinstance(value, (str, bytes)) or np.asarray(value).dtype.kind not in 'iub' + (
                'f' if isinstance(value, np.floating) else ''):     # a numpy float scalar is cast, as TF does
            raise TypeError('band_part: %s must be an int, got %r' % (what, value))
    for what, value in counts:
        shape = tuple(value.shape) if isinstance(value, Tensor) else np.shape(value)
        if shape:
            raise kernel_error('MatrixBandPart', '%s must be scalar, got shape [%s]' % (what, ','.join(map(str, shape))),
                               named=fast_path(x, num_lower, num_upper),
                               note='band_part: %s must be one integer, got shape %s' % (what, shape))
    return tuple(int(np.asarray(value._data if isinstance(value, Tensor) else value)) for _, value in counts)


def _holds_float(value):
    return any(isinstance(v, float) or (isinstance(v, (list, tuple)) and _holds_float(v)) for v in value)
