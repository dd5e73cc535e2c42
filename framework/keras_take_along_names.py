"""The ops keras.ops.take_along_axis makes in a TF 2.21 trace, and its result's static shape.

Keras 3's TensorFlow backend (backend/tensorflow/numpy.py) converts the indices to int64 ('Cast'; a Python
list a 'Const' first), reads both shapes (a 'Shape' each, a 'strided_slice' per open length), takes the
'Maximum' of the two lengths on each other axis their static shapes leave open, broadcasts both
('BroadcastTo' twice), moves negative indices up (Less, Cast of the axis's length, add, SelectV2), moves the
axis last (two 'transpose's, where it is not last already), flattens both to matrices (Shape, strided_slice,
Reshape each), gathers by rows (GatherV2), reshapes to the indices' shape and moves the axis back
('transpose'). axis=None flattens x first ('Reshape'). Measured in notes/progs/kerasops8/ta.py (ta_tf.out).
"""
from . import keras_composite_names
from .tensor import Tensor

# the op list of the call TF 2.21 shows most (x (None, 4), int32 indices (1, 2), axis=1): the row's name
TAKE_ALONG = ('Cast,Shape,strided_slice,Shape,Maximum,BroadcastTo,BroadcastTo,Less,Cast,add,SelectV2,'
              'Shape,strided_slice,Reshape,Shape,strided_slice,Reshape,GatherV2,Reshape')


def _shapes(parameters):
    """x's and the indices' traced shapes (x flattened for axis=None) and the canonical axis, or None
    where a shape or the axis is not one the trace knows."""
    from .traced_shape_reads import input_shape as _input_shape
    from . import trace_names
    x, indices, axis = parameters.get('x'), parameters.get('indices'), parameters.get('axis')
    if not isinstance(x, Tensor) or not (axis is None or type(axis) is int):
        return None
    trace = trace_names.current()
    shape, picks = _input_shape(x, trace), _input_shape(indices, trace)
    if shape is None or picks is None:
        return None
    if axis is None:
        shape, axis = ((None,) if None in shape else (_size(shape),)), 0
    if len(shape) != len(picks) or not -len(shape) <= axis < len(shape):
        return None
    return tuple(shape), tuple(picks), axis % len(shape)


def _size(shape):
    size = 1
    for length in shape:
        size *= length
    return size


def _op_list(name, parameters, result):
    """The call's ops, the result's last (see the module's docstring), or None where not measured."""
    from .keras.ops_shape_inference import broadcast_shapes      # (late: framework.keras imports this)
    indices = parameters.get('indices')
    found = _shapes(parameters)
    if found is None or parameters['x']._data.dtype.kind not in 'fiu':
        return None
    shape, picks, axis = found
    if isinstance(indices, Tensor):
        if indices.dtype.name not in ('int32', 'int64'):
            return None
        ops = [] if indices.dtype.name == 'int64' else ['Cast']
    elif keras_composite_names._python_ints(indices):
        ops = ['Const', 'Cast']
    else:
        return None
    if parameters.get('axis') is None:
        ops.append('Reshape')
    ops += ['Shape'] + ['strided_slice'] * shape.count(None) + ['Shape'] + ['strided_slice'] * picks.count(None)
    others = [[1 if i == axis else d for i, d in enumerate(s)] for s in (shape, picks)]
    ops += ['Maximum'] * broadcast_shapes(*others).count(None)
    ops += ['BroadcastTo', 'BroadcastTo', 'Less', 'Cast', 'add', 'SelectV2']
    moved = ['transpose'] if axis != len(shape) - 1 else []
    ops += moved * 2 + ['Shape', 'strided_slice', 'Reshape'] * 2 + ['GatherV2', 'Reshape'] + moved
    return ','.join(ops)


keras_composite_names.VARIANTS[TAKE_ALONG] = _op_list


def output_shape(parameters):
    """Keras's compute_take_along_axis_output_shape, which it sets on the result: x's shape with the indices'
    length on the axis, broadcast with the indices' (TF 2.21: (None, 2) for x (None, 4), indices (1, 2))."""
    from .keras.ops_shape_inference import broadcast_shapes
    found = _shapes(parameters)
    if found is None:
        return None
    shape, picks, axis = found
    shape = list(shape)
    shape[axis] = picks[axis]
    try:
        return tuple(broadcast_shapes(shape, picks))
    except ValueError:
        return None
