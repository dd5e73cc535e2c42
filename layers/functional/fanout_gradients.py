"""A tensor that three or more layers of a functional model read: its gradient added in grappler's order
in a traced step.

The tensor's gradient is an AddN of its readers' gradients. Eager TensorFlow adds them in its tape's
visiting order, which tapeflow's sweep follows (framework/backward_order.py). In a graph (Keras's train
step, a tf.function) grappler's canonicalization sorts the inputs of a commutative op such as AddN by
node name first, and each reader's gradient op is named in its layer's scope
('gradient_tape/<model>/<layer>/MatMul/MatMul'): the layers' names decide the order. Measured on
TF 2.21 (notes progs/histories3/d4.py, d5.py): three Dense heads named cls / reg / bin on one hidden
Dense add as (bin, cls, reg); named a / b / c in that order, or c / b / a, as sorted too. A three-output
model compiled with three losses trained an ulp off TF from its first step (g09.py, d3.py).

tapeflow reproduces the sorted AddN ``((g0 + g1) + g2) + ...`` with a chain of identities: the
first two readers in name order read the last identity, each later one the identity before, the last
the tensor itself. Every link then adds two gradients (in either order the same sum), from the first
readers' outwards. Only in a traced step under a tape, for 3 to 9 readers (AddN adds more in chunks of
eight), each a distinct layer that reads the tensor once and has ops of its own on it (an Add layer
passes its gradient on unchanged: no op in its scope to sort by), and not for a model output or a
tensor with a Keras mask (it rides on the tensor itself). A sigmoid or softmax trunk's output notes its
logits: the identities note them too (``split_notes``; TF 2.21, notes progs/modelfuzz22/r12.py: a
Dense(activation='sigmoid') read by three heads trained an ulp off TF from its first step before).

Self-attention (MultiHeadAttention(h, h), Attention([h, h])) reads h three times, as its query, value
and key, whose gradients are named in the layer's scope by the op reading each ('<mha>/key/...'): each
read is a reader of its own, fed through the call's argument of that name. Beside it, the residual Add
of every transformer block (Add([h, MHA(h, h)]) then LayerNormalization) sorts first: measured on
TF 2.21 (notes progs/modelfuzz2/t_mha_res.py), h's gradient is ((add + key) + query) + value, the Dense
before the block 8 of 12 values an ulp off before. An Add reader (the layer, or ``h + attention``
recorded as keras.ops.add) counts only beside such a split reader: its gradient's ops carry the add's
or the next layer's name, which sort before 'multi_head_attention' and 'attention' (modelfuzz4's
fit_mha.py, fit_mha2.py).
"""
from framework.losses.tensor_notes import NOTES, get_keras_logits, get_keras_mask, set_keras_logits
from framework.ops import graph_rewrites
from framework.ops.operands import ACTIVE
from framework.ops.shapes import identity

from .operation import Operation

_MOST = 9               # AddN adds up to nine inputs as one running sum (framework/addn_chunks.py)
# Layers whose gradient reaches their input as the output's own tensor (no op in the layer's scope)
_PASS_THROUGH = frozenset({'Add', 'Subtract', 'Identity', 'InputLayer'})


def fanout_readers(steps, outputs):
    """{producer node: [(output index, readers in name order)]} for the outputs of ``steps`` that
    3 to 9 layers (or a self-attention's projections) read as described above; a reader is
    (node, argument name), the name None but for a self-attention's reads (nodes, not ids: a deep
    copy of the model maps them)."""
    readers = {}
    for node in steps:
        for tensor in node.input_tensors:
            nodes = readers.setdefault(id(tensor), [])
            if not nodes or nodes[-1] is not node:         # a node's reads are adjacent
                nodes.append(node)
    model_outputs = {id(t) for t in outputs}
    found = {}
    for node in steps:
        for index, tensor in enumerate(node.outputs):
            nodes = readers.get(id(tensor), ())
            if len(nodes) < 2 or id(tensor) in model_outputs:
                continue
            named = _named_reads(nodes, tensor)
            if named is None or not 3 <= len(named) <= _MOST:
                continue
            found.setdefault(node, []).append((index, [read for _, read in sorted(named, key=lambda pair: pair[0])]))
    return found


def _named_reads(nodes, tensor):
    """[(gradient scope name, (node, argument name))] for the reads of ``tensor``, or None where
    their order is not known: a layer twice, a keras.ops call, a layer reading it twice (but
    self-attention), a pass-through layer or keras.ops.add (but beside self-attention)."""
    layers = [node.layer for node in nodes]
    if len({id(layer) for layer in layers}) != len(layers):
        return None
    named, split = [], False
    for node in nodes:
        name = node.layer.name
        if isinstance(node.layer, Operation) and node.layer.class_name not in _PASS_THROUGH:
            return None
        arguments = _self_attention_arguments(node, tensor)
        if arguments:
            named.extend((name + '/' + scope, (node, argument)) for scope, argument in arguments)
            split = True
        elif sum(t is tensor for t in node.input_tensors) != 1:
            return None
        else:
            named.append((name + '/', (node, None)))
    if not split and any(isinstance(layer, Operation) or type(layer).__name__ in _PASS_THROUGH for layer in layers):
        return None
    return named


def _self_attention_arguments(node, tensor):
    """[(gradient scope in the layer, argument name)] where ``node`` is self-attention on ``tensor``, else ().

    MultiHeadAttention(h, h[, h]) without a gate (which reads the query once more): its projection
    sublayers are named as the arguments they read. Attention([h, h[, h]]) scoring by dot product:
    Keras 3's scores = matmul(query, transpose(key)), output = matmul(weights, value), so the query's
    gradient is MatMul's, the value's MatMul_1's, the key's transpose's (measured on TF 2.21: add,
    query, value, key; progs/modelfuzz4/t_att_res.py)."""
    layer = node.layer
    kind = type(layer).__name__
    if kind == 'MultiHeadAttention' and not layer.use_gate:
        bound = dict(zip(_ARGUMENTS, node.args))
        bound.update((name, node.kwargs[name]) for name in _ARGUMENTS if name in node.kwargs)
        scopes = ('query/', 'value/', 'key/')
    elif kind == 'Attention' and layer.score_mode == 'dot':
        inputs = node.args[0] if node.args else node.kwargs.get('inputs')
        bound = dict(zip(_ARGUMENTS, inputs)) if isinstance(inputs, (list, tuple)) else {}
        scopes = ('MatMul/', 'MatMul_1/', 'transpose/')
    else:
        return ()
    key = bound.get('key')
    if bound.get('query') is not tensor or bound.get('value') is not tensor or not (key is None or key is tensor):
        return ()
    return tuple(zip(scopes, _ARGUMENTS))


_ARGUMENTS = ('query', 'value', 'key')


def read_by_argument(layer, args, kwargs, reads):
    """The call's (args, kwargs) with the self-attention's query, value and key given their own values
    ``reads[name]``, where the call had them (positional, by keyword, or in Attention's inputs list)."""
    args, kwargs = list(args), dict(kwargs)
    if type(layer).__name__ == 'Attention':
        inputs = [reads[name] for name in _ARGUMENTS]
        if args:
            args[0] = inputs
        else:
            kwargs['inputs'] = inputs
        return args, kwargs
    for position, name in enumerate(_ARGUMENTS):
        if position < len(args):
            args[position] = reads[name]
        else:
            kwargs[name] = reads[name]
    return args, kwargs


def applies():
    """Whether the running call is a traced step that a tape records."""
    return bool(ACTIVE) and bool(graph_rewrites.GATE[0]) and graph_rewrites.tracing()


def reader_values(value, ordered):
    """{(reader node, argument name or None): the value it reads}: ``value`` and a chain of its identities, so that its gradient
    adds the readers' gradients in the order of ``ordered``."""
    chain = [value]
    for _ in range(len(ordered) - 2):
        chain.append(identity(chain[-1]))
    last = len(ordered) - 1
    return {reader: chain[min(last - position, last - 1)] for position, reader in enumerate(ordered)}


def splits(value):
    """Whether the readers of ``value`` (a layer's output Tensor) may read a chain of its identities: no
    notes, or only a sigmoid / softmax output's logits (``split_notes`` copies them); not a masked tensor."""
    return id(value) not in NOTES or get_keras_mask(value) is None


def split_notes(value, read):
    """Note on ``read`` (an identity of ``value``) the logits ``value`` was computed from, if any."""
    if read is not value and id(value) in NOTES:
        logits = get_keras_logits(value)
        if logits is not None:
            set_keras_logits(read, logits)
