"""``keras.activations.X`` on KerasTensors: recorded as the Operation Keras 3 makes there.

Keras 3's activations are keras.ops calls, so on a functional model's tensors
(``keras.activations.sigmoid(logits) * 5`` in the memory-efficient embeddings
example) each records an op node: ``Sigmoid``, ``Exp`` for exponential, ``Silu``
for swish, ``Gelu(approximate=False)``; relu is its own ``ReLU`` operation
(module keras.src.activations.activations, config negative_slope / max_value /
threshold). mish, hard_silu and sparsemax convert their input first and fail
there in Keras 3 too; linear returns its input.

The eager call comes first and the KerasTensor is looked for only when it
fails, so a real tensor pays one frame and nothing else.

A RaggedTensor fails that call too (it converts to no dense tensor): TF 2.21's
ops dispatch on it, so an elementwise activation (all but softmax, log_softmax,
glu) maps its flat values there, as keras.activations.elu(ragged, alpha=0.5) does.
"""
import functools
import inspect

# activation -> the keras.ops function whose Operation it records ('activations.relu': Keras's ReLU op)
OP_OF_ACTIVATION = {
    'relu': 'activations.relu', 'sigmoid': 'sigmoid', 'tanh': 'tanh', 'softmax': 'softmax', 'gelu': 'gelu',
    'elu': 'elu', 'selu': 'selu', 'softplus': 'softplus', 'softsign': 'softsign', 'silu': 'silu',
    'exponential': 'exp', 'hard_sigmoid': 'hard_sigmoid', 'log_softmax': 'log_softmax', 'relu6': 'relu6',
    'leaky_relu': 'leaky_relu', 'celu': 'celu', 'glu': 'glu', 'squareplus': 'squareplus',
    'tanh_shrink': 'tanh_shrink', 'hard_tanh': 'hard_tanh', 'soft_shrink': 'soft_shrink',
    'hard_shrink': 'hard_shrink', 'threshold': 'threshold', 'sparse_plus': 'sparse_plus',
    'log_sigmoid': 'log_sigmoid',
}


# activations that are not elementwise: a RaggedTensor meets their own refusal
_NOT_ELEMENTWISE = frozenset(('softmax', 'log_softmax', 'glu', 'sparsemax'))


def recording(fn, op_name):
    """``fn`` (an activation of x and settings), which on a KerasTensor records ``keras.ops.<op_name>``
    with the settings as the op's config (``op_name`` None: Keras 3 records none, the call's error stays)
    and on a RaggedTensor maps its flat values where the activation is elementwise."""
    signature = inspect.signature(fn)
    elementwise = fn.__name__ not in _NOT_ELEMENTWISE

    @functools.wraps(fn)
    def activation(x, *args, **kwargs):
        try:
            return fn(x, *args, **kwargs)
        except Exception as err:
            from .functional.keras_tensor import KerasTensor
            ragged = elementwise and _is_ragged(x)
            if not ragged:
                if type(x) is not KerasTensor or op_name is None:
                    raise
                try:
                    bound = signature.bind(x, *args, **kwargs)
                except TypeError:
                    raise err from None         # Python's own words for a wrong call
        if ragged:      # (outside the except block: the flat values' own errors carry no context)
            return x.with_flat_values(activation(x.flat_values, *args, **kwargs))
        from .functional import symbolic_ops
        bound.apply_defaults()
        settings = {name: value for name, value in bound.arguments.items() if name != 'x'}
        return symbolic_ops.record_op(op_name, (x,), settings)
    return activation


def _is_ragged(x):
    from framework.ragged.ragged_tensor import RaggedTensor
    return isinstance(x, RaggedTensor)
