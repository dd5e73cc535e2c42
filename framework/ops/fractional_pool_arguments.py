"""``pooling_ratio`` and the input of tf.nn.fractional_max_pool / fractional_avg_pool read as TF 2.21 reads
them, so a bad one is TF's error in TF's order.

fractional_max_pool's Python checks the ratio (an int, a float, or a list starting and ending with 1.0) and
spreads it over the four axes (_get_sequence); fractional_avg_pool hands it to the op as given, whose wrapper
takes only a list or tuple ("Expected list for 'pooling_ratio' argument to 'fractional_avg_pool' Op, not 1.5.").
Then the op validates its attrs (at least 4 ratios, T in float / double / int32 / int64), its constructor the
ratios, and its kernel the input. The eager fast path takes a list of Python floats only; any other list is
run on the slow path, whose errors carry no ' name: ' tail."""
import numpy as np

from ..errors import InvalidArgumentError, UnimplementedError, kernel_error, noted
from ..tensor import Tensor
from .graph_input_errors import allowed_list_refusal

_OP = ('Op<name=%s; signature=value:T -> output:T, row_pooling_sequence:int64, col_pooling_sequence:int64; '
       'attr=pooling_ratio:list(float),min=4; attr=pseudo_random:bool,default=false; attr=overlapping:bool,'
       'default=false; attr=deterministic:bool,default=false; attr=seed:int,default=0; attr=seed2:int,default=0; '
       'attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_INT64]>')
_ALLOWED = {'float32': 'float', 'float64': 'double', 'int32': 'int32', 'int64': 'int64'}


def max_pool_ratio(pooling_ratio):
    """TF's fractional_max_pool_v2 checks, then _get_sequence(pooling_ratio, 2, 3): the op's four ratios."""
    r = pooling_ratio
    if isinstance(r, (list, tuple)):
        if r[0] != 1.0 or r[-1] != 1.0:
            raise ValueError('`pooling_ratio` should have first and last elements with value 1.0. '
                             'Received: pooling_ratio=%s' % (r,))
        if any(e < 1.0 for e in r):
            raise ValueError('`pooling_ratio` elements should be >= 1.0. Received: pooling_ratio=%s' % (r,))
    elif isinstance(r, (int, float)):
        if r < 1.0:
            raise ValueError('`pooling_ratio` should be >= 1.0. Received: pooling_ratio=%s' % (r,))
    else:
        # (TF's f-string formats a tensor or array as its values: 'pooling_ratio=[1. 2.]')
        raise noted(ValueError('`pooling_ratio` should be an int or a list of ints. Received: pooling_ratio={}'
                               .format(r)),
                    'fractional_max_pool: pass pooling_ratio as a Python number or a list of 1, 2 or 4 numbers')
    r = list(r) if isinstance(r, (list, tuple)) else [r]
    if len(r) == 4:
        return r
    if len(r) == 1:
        r = r * 2
    elif len(r) != 2:
        raise ValueError('pooling_ratio should be of length 1, 2 or 4. Received: pooling_ratio=%s of length %d'
                         % (r, len(r)))
    return [1] + r + [1]        # (Python ints: the op then runs on the slow path)


def avg_pool_ratio(pooling_ratio, value):
    """The ratios fractional_avg_pool's op wrapper takes: a list or tuple (None is an empty list where the
    fast path runs, which takes a convertible value)."""
    if pooling_ratio is None and _fast_value(value):
        return []
    if not isinstance(pooling_ratio, (list, tuple, np.ndarray)):
        raise noted(TypeError("Expected list for 'pooling_ratio' argument to 'fractional_avg_pool' Op, not %r."
                              % (pooling_ratio,)),
                    'fractional_avg_pool: pass pooling_ratio as a list of four numbers, e.g. [1.0, 1.44, 1.73, 1.0]')
    for e in pooling_ratio:
        if isinstance(e, (str, bytes)) or not isinstance(e, (int, float, np.integer, np.floating)):
            raise TypeError("Expected float for argument 'pooling_ratio' not %r." % (e,))
    return list(pooling_ratio)


def _fast_value(value):
    """Whether the eager fast path converts ``value`` (a tensor, or a number or array of numbers)."""
    if isinstance(value, Tensor):
        return True
    try:
        return np.asarray(value).dtype.kind in 'biufc'
    except ValueError:      # (a ragged list)
        return False


def check_op(kernel, x, ratio):
    """The op's attr validation (T, then the ratios' count), its constructor's ratio checks, then its
    kernel's rank and size checks."""
    tail = ' name: ' if all(isinstance(e, float) for e in ratio) else ''
    dtype = x._data.dtype.name if x._data.dtype.kind != 'O' else 'string'
    if dtype not in _ALLOWED:
        shown = {'float16': 'half'}.get(dtype, dtype)
        raise allowed_list_refusal(          # (in a trace: op_def_library's TypeError, naming 'value')
            InvalidArgumentError("Value for attr 'T' of %s is not in the list of allowed values: float, double, "
                                 'int32, int64\n\t; NodeDef: {{node %s}}; %s [Op:%s]%s'
                                 % (shown, kernel, _OP % kernel, kernel, tail if dtype != 'string' else '')),
            'T', dtype, ('float32', 'float64', 'int32', 'int64'), 'value:T')
    if len(ratio) < 4:
        raise InvalidArgumentError("Length for attr 'pooling_ratio' of %d must be at least minimum 4\n\t; NodeDef: "
                                   '{{node %s}}; %s [Op:%s]%s' % (len(ratio), kernel, _OP % kernel, kernel, tail))
    named = bool(tail)
    if len(ratio) != 4:
        raise kernel_error(kernel, 'pooling_ratio field must specify 4 dimensions', named=named)
    for r in ratio:
        if r < 1:
            raise kernel_error(kernel, 'pooling_ratio cannot be smaller than 1, got: %g' % r, named=named)
    if ratio[0] != 1 or ratio[3] != 1:
        raise kernel_error(kernel, 'Fractional %s pooling is not yet supported on the batch nor channel dimension.'
                           % ('average' if 'Avg' in kernel else 'max'), named=named, error_class=UnimplementedError)
    if x.ndim != 4:
        raise kernel_error(kernel, 'tensor_in must be 4-dimensional', named=named,
                           note='%s: value must be (batch, rows, cols, channels), got shape %s'
                           % (kernel, tuple(x.shape)))
    for axis in range(4):       # (the batch and channel axes too: an empty batch has no output)
        if ratio[axis] > x.shape[axis]:
            raise kernel_error(kernel, 'Pooling ratio is higher than input dimension size for dimension %d. Input dim '
                               'size: %d pooling ratio: %g' % (axis, x.shape[axis], ratio[axis]), named=named)
