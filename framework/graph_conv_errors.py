"""tf.nn.conv2d's operands (and tf.nn's pools' windows: pool_error) refused by TensorFlow's graph in a
trace (the naming hook swaps the graph's ValueError in for tapeflow's kernel error: graph_shape_errors.py).
Read off TF 2.21 (notes/progs/graphops14/v1.py, notes/progs/graphops15/n2.py). Conv2D's shape function
checks, in this order: both operands of rank 4; the input's depth a multiple of the filter's input depth;
the output depth a multiple of the groups that makes; then each spatial length, where VALID (and
EXPLICIT) padding subtracts the dilated window ("Negative dimension size caused by subtracting 5
from 4"). The node shows every attribute, strides and dilations as 4-lists. Lengths the trace
leaves open are not checked (TensorFlow's kernel fails at run time, as tapeflow's does).
"""
from . import graph_shape_errors, trace_names
from .tensor import Tensor
from .variable import Variable


def conv_error(error, parameters, unique, prefix):
    """Conv2D's graph ValueError for a failed tf.nn.conv2d, or None (not a shape the graph refuses,
    or a case not measured: NCHW, operands that are not tensors, mixed dtypes)."""
    x, f = parameters.get('input'), parameters.get('filters')
    if not isinstance(x, Tensor) or isinstance(x, Variable) or not isinstance(f, Tensor) \
            or parameters.get('data_format', 'NHWC') != 'NHWC' or x._data.dtype != f._data.dtype:
        return None
    dtype = graph_shape_errors.DT_NAMES.get(x._data.dtype.name)
    x_entry = trace_names.entry_of(x)
    f_entry = (None, tuple(f._data.shape)) if isinstance(f, Variable) else trace_names.entry_of(f)
    strides, dilations = _four(parameters.get('strides', 1)), _four(parameters.get('dilations'))
    padding, explicit = _padding(parameters.get('padding', 'VALID'))
    if dtype is None or None in (x_entry, f_entry, strides, dilations, padding) or None in (x_entry[1], f_entry[1]):
        return None
    x_shape, f_shape = tuple(x_entry[1]), tuple(f_entry[1])
    problem = _problem(x_shape, f_shape, dilations, padding, explicit)
    if problem is None:
        return None
    node = graph_shape_errors.node_name(parameters, 'Conv2D', unique, prefix)
    f_name = node + '/ReadVariableOp' if isinstance(f, Variable) else f_entry[0]
    text = ("%s for '{{node %s}} = Conv2D[T=%s, data_format=\"NHWC\", dilations=%s, explicit_paddings=%s, "
            "padding=\"%s\", strides=%s, use_cudnn_on_gpu=true](%s, %s)' with input shapes: [%s], [%s]." % (
                problem, node, dtype, _list(dilations), _list(explicit), padding, _list(strides), x_entry[0], f_name,
                graph_shape_errors.dims_text(x_shape), graph_shape_errors.dims_text(f_shape)))
    return graph_shape_errors.refusal(error, text)


# the scope tf.nn's pool API opens, by its row (graph_op_names) and spatial rank: tf.nn.max_pool / avg_pool (rows
# 'MaxPool2d' / 'AvgPool') open the scope of the pool of their input's rank
_POOL_SCOPES = {('MaxPool2d', 1): 'MaxPool1d', ('MaxPool2d', 2): 'MaxPool2d', ('MaxPool2d', 3): 'MaxPool3D',
                ('MaxPool1d/Squeeze', 1): 'MaxPool1d', ('MaxPool3D', 3): 'MaxPool3D', ('AvgPool2D', 2): 'AvgPool2D',
                ('AvgPool', 1): 'AvgPool1D', ('AvgPool', 2): 'AvgPool', ('AvgPool', 3): 'AvgPool3D',
                ('AvgPool1D/Squeeze', 1): 'AvgPool1D', ('AvgPool3D', 3): 'AvgPool3D'}


def pool_error(error, name, parameters, unique, prefix):
    """The pooling op's graph ValueError for a VALID window longer than a length the trace knows (TF 2.21's
    shape function subtracts the window whatever the stride: "Negative dimension size caused by subtracting
    2 from 1", where the eager kernel gives an empty output), or None. A 1-D pool runs the 2-D op on its
    input expanded at axis 1 inside the API's scope ('MaxPool1d/ExpandDims'); the node shows ksize and
    strides as 4-lists (5 for 3-D pools). Channels-first layouts and explicit padding are not measured."""
    x = parameters.get('input')
    if not isinstance(x, Tensor) or isinstance(x, Variable) or parameters.get('padding') != 'VALID' \
            or parameters.get('data_format') not in (None, 'NWC', 'NHWC', 'NDHWC'):
        return None
    dtype = graph_shape_errors.DT_NAMES.get(x._data.dtype.name)
    entry = trace_names.entry_of(x)
    rank = x._data.ndim - 2
    scope = _POOL_SCOPES.get((name, rank))
    ksize, strides = _window_attr(parameters.get('ksize'), rank), _window_attr(parameters.get('strides'), rank)
    if dtype is None or scope is None or entry is None or entry[1] is None or len(entry[1]) != rank + 2 \
            or None in (ksize, strides):
        return None
    op_type = ('MaxPool' if scope.startswith('Max') else 'AvgPool') + ('3D' if rank == 3 else '')
    attrs = 'data_format="NDHWC", ' if rank == 3 else 'data_format="NHWC", explicit_paddings=[], ' \
        if op_type == 'MaxPool' else 'data_format="NHWC", '
    shape = tuple(entry[1])
    problem = next(('Negative dimension size caused by subtracting %d from %d' % (k, n)
                    for n, k in zip(shape[1:-1], ksize[1:-1]) if n is not None and n < k), None)
    if problem is None:
        return None
    node = graph_shape_errors.node_name(parameters, scope, unique, prefix)
    source = entry[0]
    if rank == 1:       # (the 2-D op over the input expanded at axis 1)
        source, shape, ksize, strides = node + '/ExpandDims', shape[:1] + (1,) + shape[1:], [1] + ksize, [1] + strides
    text = ("%s for '{{node %s}} = %s[T=%s, %sksize=%s, padding=\"VALID\", strides=%s](%s)' with input shapes: [%s]."
            % (problem, node, op_type, dtype, attrs, _list(ksize), _list(strides), source,
               graph_shape_errors.dims_text(shape)))
    return graph_shape_errors.refusal(error, text)


def argmax_pool_error(error, parameters, unique, prefix):
    """tf.nn.max_pool_with_argmax's graph ValueError for a VALID window longer than a length the trace knows
    (as pool_error: "Negative dimension size caused by subtracting 2 from 1 for '{{node MaxPoolWithArgmax}} =
    MaxPoolWithArgmax[T=DT_FLOAT, Targmax=DT_INT64, include_batch_in_index=false, ksize=[1, 2, 2, 1],
    padding=\"VALID\", strides=[1, 2, 2, 1]](a)' with input shapes: [2,1,1,2]."; TF 2.21,
    notes/progs/gradfuzz28/ta.py): the API opens no scope, a given name is the node's. None where not measured."""
    from . import dtypes
    x = parameters.get('input')
    if not isinstance(x, Tensor) or isinstance(x, Variable) or parameters.get('padding') != 'VALID' \
            or parameters.get('data_format', 'NHWC') != 'NHWC' or x._data.ndim != 4:
        return None
    try:
        index = graph_shape_errors.DT_NAMES.get(dtypes.as_dtype(parameters.get('output_dtype', 'int64')).name)
    except (TypeError, ValueError):
        return None
    dtype = graph_shape_errors.DT_NAMES.get(x._data.dtype.name)
    entry = trace_names.entry_of(x)
    ksize, strides = _window_attr(parameters.get('ksize'), 2), _window_attr(parameters.get('strides'), 2)
    batch = parameters.get('include_batch_in_index', False)
    if None in (dtype, index, entry, ksize, strides) or entry[1] is None or len(entry[1]) != 4 \
            or type(batch) is not bool:
        return None
    shape = tuple(entry[1])
    problem = next(('Negative dimension size caused by subtracting %d from %d' % (k, n)
                    for n, k in zip(shape[1:-1], ksize[1:-1]) if n is not None and n < k), None)
    if problem is None:
        return None
    node = graph_shape_errors.node_name(parameters, 'MaxPoolWithArgmax', unique, prefix)
    text = ("%s for '{{node %s}} = MaxPoolWithArgmax[T=%s, Targmax=%s, include_batch_in_index=%s, ksize=%s, "
            "padding=\"VALID\", strides=%s](%s)' with input shapes: [%s]."
            % (problem, node, dtype, index, str(batch).lower(), _list(ksize), _list(strides), entry[0],
               graph_shape_errors.dims_text(shape)))
    return graph_shape_errors.refusal(error, text)


def note_layer_pool_refusal(error, row, x, pool_size, strides):
    """Hang on ``error`` (a pool's refusal of a window longer than a traced length, raised inside one of
    tapeflow's pooling layers) the graph's ValueError TF 2.21 raises there: Keras's pooling layers call
    tf.nn.max_pool / avg_pool (``row``: 'MaxPool2d' / 'AvgPool'), in the layer's scope ('{{node
    max_pooling2d_1/MaxPool2d}}'); the layer's call banner then words it (layers.call_errors)."""
    from . import traced_ops
    namer = traced_ops.layer_op_namer()
    if namer is None or getattr(error, '_graph_error', None) is not None:
        return
    parameters = {'input': x, 'ksize': list(pool_size), 'strides': list(strides), 'padding': 'VALID'}
    refused = pool_error(error, row, parameters, *namer)
    if refused is not None:
        refused.graph_refused = True
        error._graph_error = refused


def note_layer_conv_refusal(error, op, dtype, x_shape, f_shape, sources, strides=(1, 1, 1, 1)):
    """Hang on ``error`` (tapeflow's conv kernel refusing a window longer than a length, in a trace, inside one of
    tapeflow's Keras conv layers) the graph's ValueError TF 2.21 raises there, which the layer's call banner words
    (layers.call_errors): Keras adds a Conv2D ``op`` ('convolution', 'separable_conv2d') in the layer's scope,
    "Negative dimension size caused by subtracting 3 from 2 for '{{node c1_1/convolution}} = Conv2D[...](
    c1_1/convolution/ExpandDims, c1_1/convolution/ExpandDims_1)' with input shapes: [2,1,2,3], [1,3,3,2]." (TF
    2.21, notes/progs/gradfuzz28/tk.py). ``dtype``: the operands' (numpy) dtype; ``x_shape`` / ``f_shape``: the
    op's operand shapes (None: not known);
    ``sources``: its operands' names, a format of ``node`` and the layer's scope ``prefix``."""
    from . import traced_ops
    namer = traced_ops.layer_op_namer()
    dtype = graph_shape_errors.DT_NAMES.get(dtype.name)
    if namer is None or getattr(error, '_graph_error', None) is not None or x_shape is None or dtype is None:
        return
    unique, prefix = namer
    problem = _problem(tuple(x_shape), tuple(f_shape), [1, 1, 1, 1], 'VALID', [])
    if problem is None or not problem.startswith('Negative dimension'):
        return
    node = unique(prefix + op)
    text = ("%s for '{{node %s}} = Conv2D[T=%s, data_format=\"NHWC\", dilations=[1, 1, 1, 1], explicit_paddings=[], "
            "padding=\"VALID\", strides=%s, use_cudnn_on_gpu=true](%s)' with input shapes: [%s], [%s]." % (
                problem, node, dtype, _list(strides), sources.format(node=node, prefix=prefix),
                graph_shape_errors.dims_text(x_shape), graph_shape_errors.dims_text(f_shape)))
    refused = graph_shape_errors.refusal(error, text)
    refused.graph_refused = True
    error._graph_error = refused


def _window_attr(value, rank):
    """A pool's ksize / strides as its op's attribute, rank + 2 entries (None: a form not measured)."""
    if type(value) is int:
        value = [value]
    if type(value) not in (list, tuple) or not all(type(v) is int for v in value):
        return None
    if len(value) == 1:
        return [1] + list(value) * rank + [1]
    if len(value) == rank:
        return [1] + list(value) + [1]
    return list(value) if len(value) == rank + 2 else None


def conv1d_error(error, parameters, unique, prefix):
    """tf.nn.conv1d's graph ValueError: TF expands the input at axis 1 and the filters at axis 0 inside the API's
    scope and adds Conv2D as the scope's own node ('{{node conv1d}} = Conv2D[...](conv1d/ExpandDims,
    conv1d/ExpandDims_1)' with input shapes: [2,1,2,3], [1,3,3,2]; TF 2.21, notes/progs/gradfuzz27/c1.py);
    strides and dilations as [1, 1, s, 1]. None where not measured (NCW, variable filters, mixed dtypes)."""
    x, f = parameters.get('input'), parameters.get('filters')
    if not isinstance(x, Tensor) or isinstance(x, Variable) or not isinstance(f, Tensor) or isinstance(f, Variable) \
            or parameters.get('data_format', 'NWC') not in (None, 'NWC') or x._data.dtype != f._data.dtype:
        return None
    dtype = graph_shape_errors.DT_NAMES.get(x._data.dtype.name)
    x_entry, f_entry = trace_names.entry_of(x), trace_names.entry_of(f)
    stride, dilation = _one(parameters.get('stride')), _one(parameters.get('dilations'))
    padding = parameters.get('padding')
    if dtype is None or None in (x_entry, f_entry, stride, dilation) or padding not in ('SAME', 'VALID') \
            or None in (x_entry[1], f_entry[1]) or len(x_entry[1]) != 3 or len(f_entry[1]) != 3:
        return None
    x_shape, f_shape = (x_entry[1][0], 1) + tuple(x_entry[1][1:]), (1,) + tuple(f_entry[1])
    dilations = [1, 1, dilation, 1]
    problem = _problem(x_shape, f_shape, dilations, padding, [])
    if problem is None:
        return None
    node = graph_shape_errors.node_name(parameters, 'conv1d', unique, prefix)
    text = ("%s for '{{node %s}} = Conv2D[T=%s, data_format=\"NHWC\", dilations=%s, explicit_paddings=[], "
            "padding=\"%s\", strides=%s, use_cudnn_on_gpu=true](%s/ExpandDims, %s/ExpandDims_1)' with input shapes: "
            "[%s], [%s]." % (problem, node, dtype, _list(dilations), padding, _list([1, 1, stride, 1]), node, node,
                             graph_shape_errors.dims_text(x_shape), graph_shape_errors.dims_text(f_shape)))
    return graph_shape_errors.refusal(error, text)


def _one(value):
    """conv1d's stride / dilations as one int (an int, [d] or [1, d, 1]; None given: 1), or None: not measured."""
    if value is None:
        return 1
    if type(value) is int:
        return value
    if type(value) in (list, tuple) and all(type(v) is int for v in value):
        if len(value) == 1:
            return value[0]
        if len(value) == 3 and value[0] == value[2] == 1:
            return value[1]
    return None


def convolution_error(error, parameters, unique, prefix):
    """tf.nn.convolution's graph ValueError (TF 2.21, notes/progs/gradfuzz28/tc.py), in the API's scope
    'convolution' (a given name is the scope): Conv2D over an (N, W, C) input expanded at axis 1 and its filters
    at axis 0 ('(convolution/ExpandDims, convolution/ExpandDims_1)', as conv1d_error), Conv2D over (N, H, W, C)
    ('(a, b)', as conv_error), Conv3D over (N, D, H, W, C) (no explicit_paddings or use_cudnn_on_gpu attributes).
    A dilated one runs SpaceToBatchND first (VALID: each spatial length padded up to a multiple of its rate and
    divided by it, the batch times the rates), then the op undilated ('(convolution/SpaceToBatchND, b)' with input
    shapes: [4,2,3,3], ...). None where not measured: dilated SAME or open lengths, channels first, variable
    filters, mixed dtypes."""
    x, f = parameters.get('input'), parameters.get('filters')
    if not isinstance(x, Tensor) or isinstance(x, Variable) or not isinstance(f, Tensor) or isinstance(f, Variable) \
            or x._data.dtype != f._data.dtype or x._data.ndim not in (3, 4, 5):
        return None
    rank = x._data.ndim - 2
    dilations, strides = _spatial(parameters.get('dilations'), rank), _spatial(parameters.get('strides'), rank)
    padding = parameters.get('padding', 'VALID')
    dtype = graph_shape_errors.DT_NAMES.get(x._data.dtype.name)
    x_entry, f_entry = trace_names.entry_of(x), trace_names.entry_of(f)
    if dtype is None or None in (x_entry, f_entry, strides, dilations) \
            or padding not in ('SAME', 'VALID') or None in (x_entry[1], f_entry[1]) \
            or parameters.get('data_format') not in (None, ('NWC', 'NHWC', 'NDHWC')[rank - 1]) \
            or len(x_entry[1]) != rank + 2 or len(f_entry[1]) != rank + 2:
        return None
    x_shape, f_shape = tuple(x_entry[1]), tuple(f_entry[1])
    dilated = dilations != [1] * rank
    if dilated and (padding != 'VALID' or None in x_shape[1:-1] or strides != [1] * rank):
        return None
    node = graph_shape_errors.node_name(parameters, 'convolution', unique, prefix)
    sources = '%s, %s' % (x_entry[0], f_entry[0])
    if dilated:
        blocks = 1
        for d in dilations:
            blocks *= d
        x_shape = ((None if x_shape[0] is None else x_shape[0] * blocks,)
                   + tuple(-(-n // d) for n, d in zip(x_shape[1:-1], dilations)) + x_shape[-1:])
        sources = '%s/SpaceToBatchND, %s' % (node, f_entry[0])
    if rank == 1:       # (the 2-D op over both operands expanded)
        x_shape, f_shape, strides = (x_shape[0], 1) + x_shape[1:], (1,) + f_shape, [1] + strides
        sources = '%s/ExpandDims, %s/ExpandDims_1' % (node, node)
    problem = _problem(x_shape, f_shape, [1] * (len(strides) + 2), padding, [], rank=len(strides))
    if problem is None:
        return None
    ones, steps = _list([1] * (len(strides) + 2)), _list([1] + strides + [1])
    if rank == 3:
        op = 'Conv3D[T=%s, data_format="NDHWC", dilations=%s, padding="%s", strides=%s]' % (dtype, ones, padding, steps)
    else:
        op = ('Conv2D[T=%s, data_format="NHWC", dilations=%s, explicit_paddings=[], padding="%s", strides=%s, '
              'use_cudnn_on_gpu=true]' % (dtype, ones, padding, steps))
    text = "%s for '{{node %s}} = %s(%s)' with input shapes: [%s], [%s]." % (
        problem, node, op, sources, graph_shape_errors.dims_text(x_shape), graph_shape_errors.dims_text(f_shape))
    return graph_shape_errors.refusal(error, text)


def _spatial(value, rank):
    """tf.nn.convolution's strides / dilations as one int per spatial axis (None given: 1s), or None: not measured."""
    if value is None:
        return [1] * rank
    if type(value) is int:
        return [value] * rank
    if type(value) in (list, tuple) and all(type(v) is int for v in value) and len(value) in (1, rank):
        return list(value) * (rank if len(value) == 1 else 1)
    return None


def _problem(x_shape, f_shape, dilations, padding, explicit, rank=2):
    """The first of Conv2D's (``rank`` 3: Conv3D's) shape checks that the traced shapes fail (None: they pass)."""
    for shape in (x_shape, f_shape):
        if len(shape) != rank + 2:
            return 'Shape must be rank %d but is rank %d' % (rank + 2, len(shape))
    depth, f_depth, out_depth = x_shape[-1], f_shape[-2], f_shape[-1]
    if depth is not None and f_depth is not None:
        if f_depth == 0 or depth % f_depth:
            return None if f_depth == 0 else \
                'Depth of input (%d) is not a multiple of input depth of filter (%d)' % (depth, f_depth)
        groups = depth // f_depth
        if out_depth is not None and out_depth % groups:
            return 'Depth of output (%d) is not a multiple of the number of groups (%d)' % (out_depth, groups)
    if padding == 'SAME':
        return None
    for axis in range(1, rank + 1):
        size, window = x_shape[axis], f_shape[axis - 1]
        if size is None or window is None:
            continue
        window = (window - 1) * dilations[axis] + 1
        size += explicit[2 * axis] + explicit[2 * axis + 1] if explicit else 0
        if size < window:
            return 'Negative dimension size caused by subtracting %d from %d' % (window, size)
    return None


def _four(value):
    """strides / dilations as Conv2D's 4-list attribute (None: a form not measured)."""
    if value is None:
        return [1, 1, 1, 1]
    if type(value) is int:
        return [1, value, value, 1]
    if type(value) in (list, tuple) and all(type(v) is int for v in value):
        if len(value) == 1:
            return [1, value[0], value[0], 1]
        if len(value) == 2:
            return [1, value[0], value[1], 1]
        if len(value) == 4:
            return list(value)
    return None


def _padding(value):
    """(Conv2D's padding attribute, its explicit_paddings) or (None, None) for a form not measured."""
    if value in ('SAME', 'VALID'):
        return value, []
    if type(value) in (list, tuple) and len(value) == 4 and all(
            type(p) in (list, tuple) and len(p) == 2 and all(type(v) is int for v in p) for p in value):
        return 'EXPLICIT', [v for p in value for v in p]
    return None, None


def _list(values):
    return '[%s]' % ', '.join(str(v) for v in values)
