"""hard_silu under a tape in a traced step, as grappler leaves TF 2.21's graph of it and of its gradient.

Keras 3 writes ``x * (relu6(x + 3) / 6)``. Grappler keeps ``h = relu6(x + 3) * (1 / 6)`` (the gradient
reads it), so the forward is ``x * h``. The gradient towards relu6 is written ``(g * x) / 6``: constant
folding makes it ``Mul(Mul(g, x), 1/6)`` and pushes the constant down next to the product's first input,
the two inputs sorted by node name (``Mul(first, Mul(1/6, second))``); the arithmetic optimizer's
MinimizeBroadcasts then multiplies the scalar with that first input: ``(1/6 * first) * second``.
So the order of g and x is that of their graph names:

- x, a layer's output, is '<outermost scope>/<layer>/BiasAdd' (the model's name: 'sequential_1/...',
  'functional_1/...'); a plain function's op is 'add', 'MatMul', 'BiasAdd', ...
- g is 'gradient_tape/...' where one op reads the activation (a Dense, an Activation, Dropout), and
  'AddN...' where several do (BatchNormalization or LayerNormalization in training read it three
  times), which sorts before either.

Measured on TF 2.21 (notes/progs/modelfuzz28/red/hs5.py, hs9.py: fits of Dense(16, 'hard_silu') then
Dense / tanh / relu / BN / LN, arrays and datasets, train_on_batch, a tf.function step; Sequential and
functional models named 'aa', 'zz', 'Ae', ...): the weights after 2 epochs are TF's bits with that order,
5 to 116 of them off with one fixed order. A Sequential (whose scope sorts after 'gradient_tape') takes
``(g / 6) * x`` always; a functional model ``g * (x / 6)`` unless the gradient is an AddN. Fuzz seed 72
(hard_silu -> BatchNormalization in a Sequential) trained an ulp off from its third step.

tapeflow cannot count an output's readers in the graph; the tape's count of reads other than the next
op's (``_read_once``: the ids of tensors read by an op that was not the next one recorded) stands for
"several readers", which holds for the normalization layers and a single following layer.
"""
from ..tensor import Tensor
from .operands import ACTIVE, record

_AFTER_EVERY_GRADIENT = 'gradient_tape/'        # a scope sorting after it puts g first always
_BEFORE_EVERY_GRADIENT = 'AddN'                 # one sorting before this puts x first always


def taped_traced_hard_silu(x, relu6, scope=None):
    """``x * (relu6(x + 3) * (1 / 6))`` recorded with the graph's gradient order. ``scope``: the outermost
    name scope of the layer call making it (the model's name), None outside any layer call."""
    r6 = relu6(x + 3.0)
    sixth = x._data.dtype.type(1 / 6)
    out = Tensor(x._data * (r6._data * sixth))
    reads = [tape._read_once for tape in ACTIVE]        # (sets: the closure keeps no tape alive)

    def to_relu6(g, y, x, r6):
        if _gradient_first(scope, reads, id(out)):
            return (g * sixth) * x
        return g * (x * sixth)
    # (h is formed again from the tensors, so that an outer tape differentiates the rules)
    record('hard_silu', (x, r6), out, (lambda g, y, x, r6: g * (r6 * sixth), to_relu6))
    return out


def _gradient_first(scope, reads, out_id):
    """Whether the gradient's node name sorts before x's (see the module's docstring)."""
    x_name = 'add' if scope is None else scope + '/'
    if x_name > _AFTER_EVERY_GRADIENT:
        return True
    if x_name < _BEFORE_EVERY_GRADIENT:
        return False
    return any(out_id in once for once in reads)        # an AddN of several readers' gradients
