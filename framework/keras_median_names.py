"""The ops keras.ops.median and keras.ops.quantile (method 'linear', one q) make in a TF 2.21 trace.

Keras 3's TensorFlow backend (backend/tensorflow/numpy.py, _quantile after tfp.stats.percentile) converts q
('Const'), casts integers to floats ('Cast') and q to float64 ('Cast'), makes the axis last and flattens ('Reshape'
for axis=None; for one axis a 'transpose', the other lengths gathered from tf.shape where one is open, then
'Reshape'), sorts (in its 'sort' scope), computes the two indices and the fraction between them (float64, the
fraction cast back unless x is float64), gathers and mixes both values, and puts NaN where a row holds one (IsNan,
Any, a padded shape, 'SelectV2': the result). Its last op, tf.rank(q), comes after the result; no op name is shared
with the result, so it is counted before it here. Measured in notes/progs/kerasops6/a3.py and
notes/progs/kerasops8/med.py (their _tf.out).
"""
from . import keras_composite_names
from .tensor import Tensor

# d = the axis's length as float64; the higher index, clipped; the lower one; the fraction
_INDICES = ('Shape,strided_slice,Cast,sub,mul,Ceil,Cast,Shape,strided_slice,sub,clip_by_value,sub,mul,sub,Maximum,'
            'add,Shape,strided_slice,sub,Minimum,Cast,sub')
_MIXED = 'GatherV2,sub,mul,GatherV2,mul,add'
_NAN_ROWS = 'IsNan,{axes}Any,Shape,Rank,PadV2,Reshape,Const,Rank,SelectV2'

# the op list of ops.median(x) of floats (x (None, 4)): the row's name
MEDIAN = 'Const,Cast,Reshape,%s,Cast,%s,%s' % (_INDICES, _MIXED, _NAN_ROWS.format(axes='Const,'))


def _op_list(name, parameters, result):
    """The call's ops, the result last (see the module's docstring), or None where not measured: float32,
    float64 or int32 x, axis None or one axis, a Python float q, method 'linear'. keepdims multiplies by ones of
    x's rank for axis=None (Rank, Rank, add, ones, ones, mul), else expands the axis back (ExpandDims)."""
    from . import trace_names
    from .traced_shape_reads import input_shape as _input_shape
    x, axis = parameters.get('x'), parameters.get('axis')
    q = parameters.get('q', 0.5)
    if not isinstance(x, Tensor) or x.dtype.name not in ('float32', 'float64', 'int32') \
            or parameters.get('method', 'linear') != 'linear' or type(q) is not float:
        return None
    if type(axis) in (list, tuple) and len(axis) == 1:
        axis = axis[0]
    if not (axis is None or type(axis) is int):
        return None
    ops = ['Const'] + (['Cast'] if x.dtype.name == 'int32' else []) + ['Cast']
    if axis is None:
        ops.append('Reshape')
    else:
        shape = _input_shape(x, trace_names.current())
        if shape is None:
            return None
        ops += ['transpose'] + (['Shape', 'Cast', 'GatherV2', 'concat'] if None in shape else []) + ['Reshape']
    ops.append(_INDICES)
    if x.dtype.name != 'float64':
        ops.append('Cast')          # (the fraction back to x's float dtype)
    ops += [_MIXED, _NAN_ROWS.format(axes='Const,' if axis is None else '')]
    if parameters.get('keepdims'):      # (the trailing tf.rank(q) counted before the result, as above)
        ops[-1] = ops[-1][:-len(',Rank,SelectV2')] + ',SelectV2,' + (
            'Rank,Rank,add,ones,ones,Rank,mul' if axis is None else 'Rank,ExpandDims')
    return ','.join(ops)


keras_composite_names.VARIANTS[MEDIAN] = _op_list


def output_shape(parameters, shapes):
    """x's shape without the axis (a scalar for axis=None); where one of the lengths left is open, every one is:
    TF reshapes the NaN rows by a shape it only folds where all are known (TF 2.21: (None, None) for x (None, 4, 3),
    axis=1; (4,) for x (None, 4), axis=0)."""
    shape, axis, keepdims = shapes[0] if shapes else None, parameters.get('axis'), parameters.get('keepdims')
    if axis is None and not keepdims:
        return ()
    if shape is None:
        return None
    if axis is None:        # keepdims: multiplied by ones of x's rank (TF 2.21: (1, 1) for x (None, 4))
        return (1,) * len(shape)
    axis = (axis[0] if type(axis) in (list, tuple) else axis) % len(shape)
    kept = shape[:axis] + shape[axis + 1:]
    kept = kept if None not in kept else (None,) * len(kept)
    return kept[:axis] + (1,) + kept[axis:] if keepdims else kept
