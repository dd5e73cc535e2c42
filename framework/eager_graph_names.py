"""TensorFlow's graph-building names as they behave in eager execution, where tapeflow always is:
ops run in program order, so control dependencies, groups and init scopes have nothing to order,
and every tensor's value is known (``get_static_value``)."""
import builtins
import contextlib
import time

import numpy as np

from .variable_enums import VariableAggregation, VariableSynchronization  # noqa: F401  (TF's graph-era home)

from . import dtypes, graph_operations
from .errors import kernel_error, noted
from .ops.graph_input_errors import eager_input_error
from .ops.operands import as_tensor
from .ops.shapes import identity
from .tensor import Tensor, TensorShape
from .tf_python_names import tf_named


@contextlib.contextmanager
def control_dependencies(control_inputs):
    """In eager execution ops already run in order: a context that does nothing, as TF's.
    ``None`` (clear the dependencies) is accepted too."""
    yield


def no_op(name=None):
    """Does nothing; returns None in eager execution, as TensorFlow, and in a trace its NoOp Operation."""
    return graph_operations.made(name or 'NoOp', 'NoOp')


def group(*inputs, **kwargs):
    """Groups ops to run together; in eager execution they have run, and TF returns None (in a trace the
    group's NoOp Operation). TF 2.21 reads its keywords as ``**kwargs`` after the eager return: eagerly
    tf.group(bogus=1) is None, in a tf.function "ValueError: Unknown keyword arguments: bogus"."""
    if not graph_operations.in_graph():
        return None
    name = kwargs.pop('name', None)
    if kwargs:
        raise ValueError('Unknown keyword arguments: ' + ', '.join(kwargs.keys()))
    return graph_operations.made(name or 'group_deps', 'NoOp')


@tf_named('tuple_v2')
def tuple(tensors, name=None, control_inputs=None):  # noqa: A001  (TensorFlow's name)
    """Eagerly ``tensors`` itself, as TF 2.21 (whatever it is: tf.tuple(None) is None); in a
    tf.function each tensor through ``identity`` (a list, as TF's graph); None entries stay None."""
    from . import executing_eagerly
    if executing_eagerly():
        return tensors
    return [None if t is None else identity(t) for t in tensors]


def identity_n(input, name=None):  # noqa: A002
    """Each tensor of the list through ``identity`` (gradients pass), as a list."""
    return [identity(t) for t in input]


def ensure_shape(x, shape, name=None):
    """``x`` unchanged (through identity) when its shape is compatible with ``shape`` (None: any size).

    Raises:
        InvalidArgumentError: another rank or a known size that differs, in TF's words.
    """
    t = as_tensor(x, 'ensure_shape')
    want = TensorShape(shape)
    if not want.is_compatible_with(TensorShape(t.shape)):
        dims = lambda s: '[%s]' % ','.join('?' if d is None else str(d) for d in s)
        raise kernel_error('EnsureShape', 'Shape of tensor input %s is not compatible with expected shape %s.'
                           % (dims(t.shape), dims(want.as_list() if want.rank is not None else [])), named=True,
                           note='ensure_shape: the tensor of shape %s does not have shape %s'
                           % (dims(t.shape), want))
    return identity(t)


def shape_n(input, out_type=dtypes.int32, name=None):  # noqa: A002
    """The shapes of a list of tensors of one dtype, each a 1-D tensor of ``out_type``.

    Raises:
        InvalidArgumentError: tensors of different dtypes (TF's ShapeN takes one dtype).
    """
    if input is None or isinstance(input, (str, bytes)) or not hasattr(input, '__iter__'):
        # TF's op wrapper takes a list (a tensor iterates as one); a string is no list of tensors there
        raise noted(TypeError("Expected list for 'input' argument to 'shape_n' Op, not %r." % (input,)),
                    'shape_n: input must be a list of tensors, got %s' % type(input).__name__)
    tensors = [as_tensor(t, 'shape_n') for t in input]
    for i, t in enumerate(tensors[1:], 1):
        if t.dtype != tensors[0].dtype:
            raise eager_input_error('ShapeN', i, tensors[0].dtype, t.dtype)
    try:
        kind = dtypes.numpy_dtype(out_type)
    except (TypeError, ValueError):     # TF's slow path: the op wrapper checks the list, then make_type
        if not isinstance(input, (builtins.list, builtins.tuple)):     # (this module's tuple is tf.tuple)
            raise TypeError("Expected list for 'input' argument to 'shape_n' Op, not %r." % (input,)) from None
        from .ops.type_attributes import refused_type
        raise refused_type(out_type, 'out_type') from None
    return [Tensor(np.asarray(t.shape, dtype=kind)) for t in tensors]


@tf_named('constant_value')
def get_static_value(tensor, partial=False):
    """The value of ``tensor`` as a numpy array (every eager tensor's value is known); a non-tensor
    comes back as it is, as in TensorFlow; a Variable gives None (its value may change)."""
    from .variable import Variable
    if isinstance(tensor, Variable):
        return None
    if isinstance(tensor, Tensor):
        return tensor.numpy()
    return tensor


def timestamp(name=None):
    """Seconds since the epoch, as a float64 scalar tensor."""
    return Tensor(np.asarray(time.time(), dtype=np.float64))


def parallel_stack(values, name=None):
    """TensorFlow refuses this op in eager execution; so does tapeflow, with TF's error."""
    raise RuntimeError('tf.parallel_stack() is not compatible with eager execution.')


def inside_function():
    """Whether the code runs where TensorFlow would build a graph: in a tf.function's trace (or a
    later call, which replays the trace's Python) or a Keras step (fit, evaluate and predict trace
    theirs), ``init_scope`` or not, as TensorFlow answers. tapeflow computes eagerly there too, but
    code asking takes TensorFlow's branch."""
    from . import graph_random_ops
    return graph_random_ops.drawing() is not None or bool(_SCRATCH[0])


_SCRATCH = [0]      # Keras symbolic calls running: TensorFlow runs them in a scratch FuncGraph


@contextlib.contextmanager
def scratch_graph():
    """Code that TensorFlow traces into a graph it never runs (Keras's symbolic call of a layer)."""
    _SCRATCH[0] += 1
    try:
        yield
    finally:
        _SCRATCH[0] -= 1


def lifted():
    """Whether an ``init_scope`` is open (TensorFlow then executes eagerly, even in a function)."""
    return bool(_LIFTED[0])


_LIFTED = [0]       # init_scopes entered: TensorFlow lifts their code out of the function graph


def is_symbolic_tensor(tensor):
    """Whether ``tensor`` is a graph tensor, as TF's SymbolicTensor: one that a running trace (a
    tf.function's, a tf.data function's) named, an argument or an op's output, asked about by user
    code. tapeflow's tensors hold their values; a variable, a Keras tensor or a Python value is no
    graph tensor in TensorFlow either."""
    from . import trace_names
    from .tensor import Tensor
    from .variable import Variable
    return bool(trace_names.ACTIVE) and isinstance(tensor, Tensor) and not isinstance(tensor, Variable) \
        and trace_names.is_graph_tensor_to_caller(tensor)


@contextlib.contextmanager
def init_scope():
    """Lifts code out of a function graph, as TF's: ``executing_eagerly()`` is True inside."""
    _LIFTED[0] += 1
    try:
        yield
    finally:
        _LIFTED[0] -= 1


def get_logger():
    """The 'tensorflow' logger of Python's logging module (TF's name, so handlers set on it apply),
    with TensorFlow's handler (framework/tf_logging.py)."""
    import logging      # here, not at import: most programs never ask for it
    from .tf_logging import logger as tensorflow_logger
    logger = tensorflow_logger()
    if logger.level == logging.NOTSET:
        logger.setLevel(logging.WARNING)     # TF's default level
    return logger
