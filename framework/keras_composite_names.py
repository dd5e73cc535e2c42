"""The op lists of keras.ops calls that Keras 3's TensorFlow backend builds from several TF ops, as a
TF 2.21 trace makes them (notes/progs/kerasops5/o1.py .. o4.py print each call's graph operations).

Each function gets the call's parameters and result and returns graph_op_names' name list (the ops
made at the top level first, the result's op last: ops.log2 of floats is 'Log,Const,Log,truediv'),
or None where the call's ops were not measured (the result keeps printing its value). Keras casts
integer inputs first where the TF op takes floats only (a 'Cast' before the list), and converts
Python lists to constants ('Const'), so those count in the graph's later names too.
"""
import numpy as np

from .tensor import Tensor

VARIANTS = {}       # graph_op_names row name -> the function deciding its op list


def _decides(name):
    def register(fn):
        VARIANTS[name] = fn
        return fn
    return register


def is_keras_call(name, parameters):
    """Whether a call of the row ``name`` is a keras.ops function's, decided here: TF's APIs of the same
    row names (tf.slice, tf.broadcast_to, tf.one_hot, tf.math.reduce_logsumexp, ...) take a ``name``."""
    return name in VARIANTS and 'name' not in parameters


def variant(name, parameters, result):
    """The name list for the keras.ops call whose row is ``name`` (see is_keras_call), or None."""
    return VARIANTS[name](name, parameters, result)


def _kind(value):
    """The dtype kind of a tensor ('f', 'i', ...), '' for anything else (a list, a number)."""
    return value._data.dtype.kind if isinstance(value, Tensor) else ''


def _floats_or_cast(name, x):
    """Floats as they are; integers cast to floatx first; other inputs not measured."""
    kind = _kind(x)
    return name if kind in ('f', 'c') and kind else 'Cast,' + name if kind in ('i', 'u') and kind else None


def _floats_only(name, x):
    return name if _kind(x) == 'f' else None       # (TF refuses integers: its error, no graph)


@_decides('Log,Const,Log,truediv')
def _log2(name, p, result):
    """ops.log2: log(x) / log(2), the 2 converted ('Const')."""
    return _floats_or_cast(name, p.get('x'))


@_decides('Pow')
def _exp2(name, p, result):
    """ops.exp2: tf.pow(2, x), the 2 a Const inside Pow's scope; integers cast to floatx first."""
    return _floats_or_cast(name, p.get('x'))


@_decides('Const,Const,truediv,mul')
def _degrees(name, p, result):
    """ops.deg2rad / rad2deg: x * (pi / 180) or (180 / pi), the quotient of two Consts."""
    return _floats_or_cast(name, p.get('x'))


@_decides('Sign,Abs,Pow,mul')
def _cbrt(name, p, result):
    """ops.cbrt of floats: sign(x) * |x| ** (1 / 3) (integers' casts not measured)."""
    return name if _kind(p.get('x')) == 'f' else None


@_decides('Bitcast,Const,BitwiseAnd,Less')
def _signbit(name, p, result):
    """ops.signbit: of floats the sign bit of their bits (Bitcast, a mask, BitwiseAnd, Less); of integers x < 0."""
    kind = _kind(p.get('x'))
    return name if kind == 'f' else 'Less' if kind == 'i' and kind else None


@_decides('Less,Ceil,Floor,SelectV2')
def _trunc(name, p, result):
    """ops.trunc of floats: tf.where(x < 0, ceil(x), floor(x)); integers are returned as they are."""
    return name if _kind(p.get('x')) == 'f' else None


@_decides('Atan2')
def _arctan2(name, p, result):
    """ops.arctan2: Atan2 of floats of one dtype; two int32 tensors cast to floatx first (Cast, Cast)."""
    x1, x2 = p.get('x1'), p.get('x2')
    if not (isinstance(x1, Tensor) and isinstance(x2, Tensor)) or x1.dtype != x2.dtype:
        return None
    return name if x1._data.dtype.kind == 'f' else 'Cast,Cast,Atan2' if x1.dtype.name == 'int32' else None


@_decides('diag_part')
def _diagonal(name, p, result):
    """ops.diagonal of a matrix, its main diagonal: tf.linalg.diag_part (other offsets and axes not measured)."""
    x = p.get('x')
    plain = p.get('offset', 0) == 0 and p.get('axis1', 0) == 0 and p.get('axis2', 1) == 1
    return name if isinstance(x, Tensor) and x._data.ndim == 2 and plain else None


# keras.ops of floats Keras 3 builds from a few TF ops, the result's op last (kerasops5/o8.py); integers are
# refused by TF or cast first (not measured): not named
_FLOAT_LISTS = {
    'sinc': 'Const,mul,Equal,ones_like,Sin,truediv,SelectV2',
    'imag': 'Imag/zeros_like',
    'heaviside': 'Less,zeros_like,Greater,ones_like,SelectV2,SelectV2',
    'logaddexp': 'sub,IsNan,add,Maximum,Abs,Neg,Exp,Log1p,add,SelectV2',
}


def _floats_of_one_dtype(name, p, result):
    tensors = [p[k] for k in ('x', 'x1', 'x2') if k in p]
    if not tensors or not all(_kind(t) == 'f' and t.dtype == tensors[0].dtype for t in tensors):
        return None
    return name


for _ops in _FLOAT_LISTS.values():
    VARIANTS[_ops] = _floats_of_one_dtype


@_decides('Const,Max,Const,Min,sub')
def _ptp(name, p, result):
    """ops.ptp: max - min (over every axis their axes constants first, 'Const' and 'Const_1')."""
    if _kind(p.get('x')) not in ('f', 'i') or not _kind(p.get('x')):
        return None
    return name if p.get('axis') is None else 'Max,Min,sub'


@_decides('count_nonzero/Cast_1')
def _count_nonzero(name, p, result):
    """ops.count_nonzero: tf.math.count_nonzero (int64) cast to int32 inside its scope."""
    return name if _kind(p.get('x')) in ('f', 'i') and _kind(p.get('x')) else None


@_decides('ones_like')
def _isreal(name, p, result):
    """ops.isreal of a real tensor: tf.ones_like(x, bool), a Fill named after its scope."""
    return name if _kind(p.get('x')) in ('f', 'i') and _kind(p.get('x')) else None


@_decides('strided_slice,strided_slice,Sub')
def _diff(name, p, result):
    """ops.diff, n=1: x[1:] - x[:-1] along the axis (two strided slices, then Sub)."""
    x = p.get('a')
    return name if _kind(x) in ('f', 'i') and _kind(x) and p.get('n', 1) == 1 and type(p.get('axis', -1)) is int \
        and x._data.ndim else None


@_decides('Const,add,Relu6,Const,truediv')
def _hard_sigmoid(name, p, result):
    """ops.hard_sigmoid: relu6(x + 3) / 6, each number a Const."""
    return _floats_only(name, p.get('x'))


@_decides('Const,add,Relu6,Const,truediv,mul')
def _hard_silu(name, p, result):
    """ops.hard_silu / hard_swish: x * hard_sigmoid(x)."""
    return _floats_only(name, p.get('x'))


@_decides('beta,mul,Sigmoid,mul,Identity,IdentityN')
def _silu(name, p, result):
    """ops.silu: tf.nn.silu, its beta a constant named 'beta'; its custom gradient returns an IdentityN."""
    return _floats_only(name, p.get('x'))


@_decides('Gelu/mul_3')
def _gelu(name, p, result):
    """ops.gelu: tf.nn.gelu's scope 'Gelu'; its tanh form ends in mul_3, the exact (erfc) form in mul_2."""
    return _floats_only(name if p.get('approximate', True) else 'Gelu/mul_2', p.get('x'))


@_decides('ReduceLogSumExp')
def _logsumexp(name, p, result):
    """ops.logsumexp: tf.math.reduce_logsumexp, whose last op (AddV2) takes its scope's name."""
    return _floats_only(name, p.get('x'))


@_decides('reduce_variance/Mean_1')
def _var(name, p, result):
    """ops.var / ops.std: tf.math.reduce_variance / reduce_std; integers cast to floatx first."""
    return _floats_or_cast(name, p.get('x'))


VARIANTS['reduce_std/Sqrt'] = _var


# ops.norm of one axis by its ord (a number other than these: sum(|x| ** ord) ** (1 / ord), ord a Const)
_VECTOR_NORMS = {None: 'mul,Sum,Sqrt', 2: 'mul,Sum,Sqrt', float('inf'): 'Abs,Max', float('-inf'): 'Abs,Min',
                 0: 'NotEqual,Cast,Sum'}


@_decides('mul,Sum,Sqrt')
def _norm(name, p, result):
    """ops.norm: the 2-norm of one axis or Frobenius norm of two is sqrt(sum(x * x)) (the axes a Const inside
    Sum's scope); other ords of one axis as _VECTOR_NORMS. Inputs other than floats cast first (bools too);
    the matrix norms of other ords not measured."""
    x, ord_, axis = p.get('x'), p.get('ord'), p.get('axis')
    if not isinstance(x, Tensor) or x._data.dtype.kind not in 'fiub':
        return None
    axes = x._data.ndim if axis is None else 1 if type(axis) is int else len(axis)
    if axes == 2:
        ops = name if ord_ in (None, 'fro') else None
    elif axes != 1 or isinstance(ord_, str) or type(ord_) not in (int, float, type(None)):
        ops = None
    else:
        ops = _VECTOR_NORMS.get(ord_, 'Const,Abs,Pow,Sum,truediv,Pow')
    return None if ops is None else ops if x._data.dtype.kind == 'f' else 'Cast,' + ops


NAN_TO_NUM = 'IsNan,Const,SelectV2,IsInf,Greater,and,Const,SelectV2,IsInf,Less,and,Const,SelectV2'


@_decides(NAN_TO_NUM)
def _nan_to_num(name, p, result):
    """ops.nan_to_num of floats: three tf.where's (NaN, +inf, -inf); integers are returned as they are."""
    return name if _kind(p.get('x')) == 'f' else None


@_decides('Slice')
def _slice(name, p, result):
    """ops.slice: tf.slice, its begin and size constants inside its scope."""
    return name if isinstance(p.get('inputs'), Tensor) else None


@_decides('diag')
def _diag(name, p, result):
    """ops.diag: of a vector tf.linalg.diag ('diag'); of a matrix its main diagonal, tf.linalg.diag_part
    ('diag_part'; another k not measured)."""
    rank = getattr(getattr(p.get('x'), '_data', None), 'ndim', None)
    if rank == 1:
        return name
    return 'diag_part' if rank == 2 and p.get('k', 0) == 0 else None


@_decides('Reshape,Reshape,mul')
def _outer(name, p, result):
    """ops.outer: both flattened (a Reshape each), then multiplied; measured for tensors of one dtype."""
    x1, x2 = p.get('x1'), p.get('x2')
    return name if isinstance(x1, Tensor) and isinstance(x2, Tensor) and x1.dtype == x2.dtype else None


@_decides('BroadcastTo')
def _broadcast_to(name, p, result):
    return name if isinstance(p.get('x'), Tensor) else None


@_decides('Const,BroadcastTo')
def _full(name, p, result):
    """ops.full: the fill value converted (a Const, unless a tensor already), then broadcast to the shape."""
    value = p.get('fill_value')
    if isinstance(value, Tensor):
        return 'BroadcastTo' if p.get('dtype') is None else None
    return name if type(value) in (int, float, bool) else None


@_decides('UnsortedSegmentSum')
def _segment_sum(name, p, result):
    """ops.segment_sum with num_segments: tf.math.unsorted_segment_sum (without: its count from tf.unique
    first, not measured)."""
    return name if type(p.get('num_segments')) is int and not p.get('sorted') else None


@_decides('one_hot')
def _one_hot(name, p, result):
    """ops.one_hot: labels other than int64 cast to int64 first ('Cast'), then tf.one_hot."""
    x = p.get('x')
    if not isinstance(x, Tensor) or p.get('sparse') or x._data.dtype.kind not in 'iuf':
        return None
    return name if x.dtype.name == 'int64' else 'Cast,' + name


TAKE = 'Const,Less,Shape,strided_slice,add,SelectV2,GatherV2'


@_decides(TAKE)
def _take(name, p, result):
    """ops.take: indices converted (a Const for a Python list or int), negative ones moved up by the axis's
    length (Less, tf.shape(x), which folds to a Const where x's shape is known, its strided_slice, the
    length cast to int64 indices, add, SelectV2), then GatherV2; axis=None flattens x first ('Reshape')."""
    from . import trace_names
    x, indices, axis = p.get('x'), p.get('indices'), p.get('axis')
    if not isinstance(x, Tensor) or not (axis is None or type(axis) is int):
        return None
    ops = ['Reshape'] if axis is None else []
    if isinstance(indices, Tensor):
        if indices.dtype.name not in ('int32', 'int64'):
            return None
    elif _python_ints(indices):
        ops.append('Const')
    else:
        return None
    entry = trace_names.entry_of(x)
    shape = entry[1] if entry is not None else tuple(x._data.shape)
    known = shape is not None and None not in shape     # (flattened by the Reshape: as long as known)
    ops += ['Less', 'Const' if known else 'Shape', 'strided_slice']
    if isinstance(indices, Tensor) and indices.dtype.name == 'int64':
        ops.append('Cast')
    return ','.join(ops + ['add', 'SelectV2', 'GatherV2'])


def _python_ints(value):
    if type(value) is int:
        return True
    return type(value) in (list, tuple) and bool(value) and all(_python_ints(v) for v in value)


@_decides('Tensordot')
def _dot(name, p, result):
    """ops.dot of floats of one dtype, neither a scalar: tf.tensordot, whose last Reshape is named after
    its scope; of two matrices whose lengths the trace all knows the MatMul is the result already
    ('Tensordot/MatMul', as in a predict step's graph); integers are cast to floats and the result back
    (Cast, Cast, Tensordot, Cast)."""
    from . import trace_names
    x1, x2 = p.get('x1'), p.get('x2')
    if not (isinstance(x1, Tensor) and isinstance(x2, Tensor)) or x1.dtype != x2.dtype \
            or not x1._data.ndim or not x2._data.ndim:
        return None
    kind = x1._data.dtype.kind
    if x1._data.ndim == 2 and x2._data.ndim == 2 and all(_known(trace_names.entry_of(t), t) for t in (x1, x2)):
        return 'Tensordot/MatMul' if kind == 'f' else None      # (integers' Casts around it not measured)
    return name if kind == 'f' else 'Cast,Cast,Tensordot,Cast' if x1.dtype.name == 'int32' else None


def _known(entry, tensor):
    """Whether a trace knows every length of ``tensor`` (its entry's shape, or its own where it made none)."""
    shape = entry[1] if entry is not None else tuple(tensor._data.shape)
    return shape is not None and None not in shape


# ops.einsum: Keras 3 runs these subscripts (letters renamed in order of first use) as a matmul with
# transposes / expand_dims / squeeze around it, whatever the lengths (backend/tensorflow/numpy.py)
_EINSUM_MATMULS = {
    'a,b->ab': 'ExpandDims,ExpandDims,MatMul', 'ab,b->a': 'ExpandDims,MatMul,Squeeze', 'ab,bc->ac': 'MatMul',
    'ab,cb->ac': 'transpose,MatMul', 'abc,cd->abd': 'MatMul', 'abc,dc->abd': 'transpose,MatMul',
    'abcd,abde->abce': 'MatMul', 'abcd,abed->abce': 'transpose,MatMul',
    'abcd,acbe->adbe': 'transpose,transpose,MatMul,transpose', 'abcd,adbe->acbe': 'transpose,MatMul,transpose',
    'abcd,aecd->acbe': 'transpose,transpose,MatMul', 'abcd,aecd->aceb': 'transpose,transpose,MatMul,transpose'}
# subscripts it runs as a matmul where the lengths they read are known (reshapes around it: not measured
# for every one), else by tf.einsum
_EINSUM_BY_LENGTHS = frozenset(('abc,cde->abde', 'abc,dce->abde', 'abc,dec->abde', 'abcd,cde->abe', 'abcd,ced->abe',
                                'abcd,ecd->abe', 'abcde,aebf->adbcf', 'abcde,afce->acdbf'))


def normalized_subscripts(subscripts):
    """Keras's renaming of the einsum letters: each new letter the next of a, b, c, ..."""
    import string
    mapping = {}
    return ''.join(mapping.setdefault(c, string.ascii_letters[len(mapping)]) if c in string.ascii_letters else c
                   for c in subscripts)


@_decides('einsum/Einsum')
def _einsum(name, p, result):
    """ops.einsum of tensors: of two a matmul form (_EINSUM_MATMULS), else tf.einsum's Einsum ops in its scope,
    one for one or two operands, one per pair contracted for more ('einsum/Einsum_1' for three: TF 2.21,
    notes/progs/kerasops8/e3.py). Keras converts NumPy operands first ('Const' each), casts each operand not of the
    compute dtype (the operands' result dtype, floatx for integers: 'Cast', 'Cast_1', ...) and an integer result
    back after (its Cast the result: ops 'Cast,Cast,MatMul,Cast', 'Cast,Cast,Cast,einsum,Cast' for three int32
    operands; notes/progs/kerasops9/ein.py)."""
    subscripts, operands = p.get('subscripts'), p.get('operands') or ()
    arrays = sum(type(t) is np.ndarray for t in operands)
    dtypes = [t._data.dtype if isinstance(t, Tensor) else t.dtype for t in operands
              if isinstance(t, Tensor) or type(t) is np.ndarray]
    if not isinstance(subscripts, str) or p.get('kwargs') or not operands or not isinstance(result, Tensor) or \
            len(dtypes) != len(operands) or not all(d.kind in 'fiu' for d in dtypes) or \
            all(d.name == 'int8' for d in dtypes):      # (int8 alone: an int32 MatMul output, not measured)
        return None
    form = normalized_subscripts(subscripts.replace(' ', ''))
    if form in _EINSUM_BY_LENGTHS or not _einsum_shape_known(subscripts, operands):
        return None
    ops = '%s_%d' % (name, len(operands) - 2) if len(operands) > 2 else _EINSUM_MATMULS.get(form, name)
    computed = result._data.dtype
    if computed.kind in 'iu':
        from .keras.backend import floatx
        computed = np.dtype(floatx())
    casts = ['Const'] * arrays + ['Cast'] * sum(d != computed for d in dtypes)
    if computed == result._data.dtype:
        return ','.join(casts + [ops])
    return ','.join(casts + [ops.partition('/')[0], 'Cast'])      # (tf.einsum's scope, or the matmul's ops)


def _einsum_shape_known(subscripts, operands):
    """Whether keras_einsum_shapes computes the result's traced shape (an implicit output and a leading '...'
    too): else the call stays unnamed rather than print a shape TF does not give."""
    from . import keras_einsum_shapes, trace_names
    from .traced_shape_reads import input_shape as _input_shape
    trace = trace_names.current()
    return keras_einsum_shapes.output_shape(subscripts, [_input_shape(t, trace) for t in operands]) is not None


@_decides('logistic_loss')
def _binary_crossentropy(name, p, result):
    """ops.binary_crossentropy of float tensors of one dtype: from logits (given, or a sigmoid's carried
    ones) tf.nn.sigmoid_cross_entropy_with_logits; from probabilities -(t log(clip(p)) + (1 - t) log(1 - clip(p)))
    ('Neg' after clip_by_value, Log, mul, sub, sub, Log, mul, add). TF's graph takes any Sigmoid op's input as
    the logits: a sigmoid whose logits tapeflow does not carry (tf.sigmoid) is not named."""
    from . import trace_names
    from .losses.tensor_notes import get_keras_logits
    target, output = p.get('target'), p.get('output')
    if not (isinstance(target, Tensor) and isinstance(output, Tensor)) or target.dtype != output.dtype \
            or output._data.dtype.kind != 'f':
        return None
    if p.get('from_logits') or get_keras_logits(output) is not None:
        return name
    entry = trace_names.entry_of(output)
    op = entry[0].rpartition('/')[2].partition(':')[0].rstrip('0123456789').rstrip('_') if entry else ''
    return None if op == 'Sigmoid' else 'clip_by_value,Log,mul,sub,sub,Log,mul,add,Neg'


# (ops.linspace computes its step after tf.linspace: sub, Cast, sub_1, truediv follow 'linspace/Slice' in the
# graph; none shares the scope's name, so made first here they take the same names)
LINSPACE = 'Const,Const,Const,sub,Cast,sub,truediv,linspace/Slice'


@_decides(LINSPACE)
def _linspace(name, p, result):
    """ops.linspace of Python numbers into floats: start, stop and a NaN step converted (three Consts), then
    tf.linspace and its step (num > 1); endpoint=False computes the step and the new stop (another sub) first.
    Tensors as bounds, integer dtypes (a Floor after) and retstep not named."""
    start, stop, num, dtype = p.get('start'), p.get('stop'), p.get('num'), p.get('dtype')
    if type(start) not in (int, float) or type(stop) not in (int, float) or type(num) is not int or num < 1 \
            or p.get('retstep') or p.get('axis', 0) != 0 or (dtype is not None and 'float' not in str(dtype)):
        return None
    if p.get('endpoint', True):
        return name if num > 1 else 'Const,Const,Const,linspace/Slice'
    return 'Const,Const,Const,sub,Cast,truediv,%slinspace/Slice' % ('sub,' if num > 1 else '')


# ops.inner: Keras 3 checks the ranks in the graph (Rank, Equal per input, LogicalOr) and takes a tf.cond, whose
# output is the result (TF 2.21, notes/progs/kerasops6/a3.py)
INNER = 'Rank,Equal,Rank,Equal,LogicalOr,cond/Identity'


@_decides(INNER)
def _inner(name, p, result):
    """ops.inner of two tensors of one dtype: the cond's output for floats; int32 or bool ones cast to floats
    first (Cast, Cast) and the cond's output cast back (its Cast the result: 'Cast_4' after a failed bool inner)."""
    x1, x2 = p.get('x1'), p.get('x2')
    if not (isinstance(x1, Tensor) and isinstance(x2, Tensor)) or x1.dtype != x2.dtype:
        return None
    kind = x1._data.dtype.kind
    return name if kind == 'f' else 'Cast,Cast,Rank,Equal,Rank,Equal,LogicalOr,cond,Cast' \
        if x1.dtype.name == 'int32' or kind == 'b' else None


@_decides('Reshape,Reshape,Tensordot')
def _vdot(name, p, result):
    """ops.vdot of two tensors of one dtype: both flattened (Reshape, Reshape), then tf.tensordot over their one
    axis, its last Reshape named after its scope; int32 ones cast to floats first and the result back (TF 2.21,
    notes/progs/kerasops6/a3.py)."""
    x1, x2 = p.get('x1'), p.get('x2')
    if not (isinstance(x1, Tensor) and isinstance(x2, Tensor)) or x1.dtype != x2.dtype:
        return None
    kind = x1._data.dtype.kind
    return name if kind == 'f' else 'Cast,Cast,Reshape,Reshape,Tensordot,Cast' if x1.dtype.name == 'int32' else None


@_decides('sub,Abs,Abs,mul,add,LessEqual')
def _isclose(name, p, result):
    """ops.isclose of two tensors of one dtype, equal_nan False: floats |x1 - x2| <= atol + rtol * |x2|; integers
    compared for equality ('Equal') (TF 2.21, notes/progs/kerasops6/a3.py)."""
    x1, x2 = p.get('x1'), p.get('x2')
    if not (isinstance(x1, Tensor) and isinstance(x2, Tensor)) or x1.dtype != x2.dtype or p.get('equal_nan'):
        return None
    kind = x1._data.dtype.kind
    return name if kind == 'f' else 'Equal' if kind in 'iu' else None


@_decides('Shape,strided_slice,strided_slice,zeros_like,SelectV2,Sum')
def _trace(name, p, result):
    """ops.trace of a matrix (offset 0, axes 0 and 1): Keras masks its diagonal (Shape, two strided_slices,
    zeros_like, SelectV2) and sums it, floats and integers alike (TF 2.21, notes/progs/kerasops6/a3.py)."""
    x = p.get('x')
    plain = p.get('offset', 0) == 0 and p.get('axis1', 0) == 0 and p.get('axis2', 1) == 1
    return name if isinstance(x, Tensor) and x._data.ndim == 2 and x._data.dtype.kind in 'fiu' and plain else None


# ops.rot90: Keras moves the two axes last (transpose), reads the lengths (Shape, three strided_slices), makes x a
# batch of matrices (concat, Reshape), then per quarter turn flips and transposes (ReverseV2, transpose); after the
# first turn it reshapes again (concat, Reshape) where more follow, and shapes and moves the axes back last
ROT90 = 'transpose,Shape,strided_slice,strided_slice,strided_slice,concat,Reshape,ReverseV2,transpose,concat,Reshape,transpose'


@_decides(ROT90)
def _rot90(name, p, result):
    """ops.rot90 of a tensor of rank 2 or more, k quarter turns over two axes, any dtype alike (TF 2.21,
    notes/progs/kerasops6/a3.py, kerasops8/misc.py: k=2 ends in 'transpose_3', k=3 or -1 in 'transpose_4');
    k % 4 == 0 returns x itself."""
    x, k, axes = p.get('array'), p.get('k', 1), p.get('axes', (0, 1))
    if not isinstance(x, Tensor) or x._data.ndim < 2 or type(k) is not int or k % 4 == 0 \
            or len(tuple(axes)) != 2 or not all(type(a) is int for a in axes):
        return None
    turns = k % 4
    more = ',concat,Reshape' + ',ReverseV2,transpose' * (turns - 1) if turns > 1 else ''
    return 'transpose,Shape,strided_slice,strided_slice,strided_slice,concat,Reshape,ReverseV2,transpose%s,' \
           'concat,Reshape,transpose' % more


@_decides('MatMul')
def _matmul(name, p, result):
    """ops.matmul: TF's MatMul (two matrices, batches of them), or Keras's tf.tensordot for a vector on either
    side or a batch of matrices by one matrix (its result the scope's last op, 'Tensordot'); int32 operands
    are cast to floats first and the product back (Cast, Cast_1, the op, Cast_2), int8 matrices are an
    int32-output MatMul (TF 2.21, notes/progs/kerasexamples8/p22.py). tf.matmul's own row keeps 'MatMul'
    (it takes a ``name``)."""
    a, b = p.get('x1'), p.get('x2')
    if not (isinstance(a, Tensor) and isinstance(b, Tensor)):
        return name
    ranks, dtype = (a._data.ndim, b._data.ndim), a._data.dtype
    if dtype != b._data.dtype:
        return None         # (mixed dtypes: Keras's casts not measured)
    if dtype.name == 'int8' and 1 not in ranks:
        return name
    op = 'Tensordot' if 1 in ranks or ranks[0] > 2 and ranks[1] == 2 else name
    if dtype.kind == 'f':
        return op
    return 'Cast,Cast,%s,Cast' % op if dtype.name == 'int32' else None     # (other dtypes not measured)


@_decides('Cast,Where,unstack,Cast')
def _nonzero(name, p, result):
    """ops.nonzero: tf.where of x cast to bool ('Cast', 'Where'), its columns unstacked, each cast to int32 (a 'Cast'
    per axis: 'Cast_1', 'Cast_2', each (None,); TF 2.21, notes/progs/kerasops8/misc.py); measured for numbers."""
    x = p.get('x')
    return name if isinstance(x, Tensor) and x._data.ndim and x._data.dtype.kind in 'fiu' else None
