"""``keras.ops`` function transformations and pattern reshapes: jvp, vectorize,
associative_scan, rearrange.

jvp is forward mode built from reverse mode (the "double vjp": J t is the
gradient, with respect to a cotangent u, of u's vjp dotted with t), so it works
wherever tapeflow's gradient rules are themselves differentiable. vectorize
calls the user's function in a Python loop, as ``keras.ops.map`` does, and
associative_scan on slices in Keras's parallel-prefix order; their errors pass
through untouched.
"""
import re

import numpy as np

from framework import nest
from framework import ops as _ops
from framework.tape import GradientTape
from .ops_arguments import integer
from .ops_associative_scan import parallel_scan
from .ops_dtypes import tensor as _tensor

__all__ = ['associative_scan', 'jvp', 'rearrange', 'vectorize']


def _callable(fn, op, what='fun'):
    if not callable(fn):
        raise TypeError('keras.ops.%s: %s must be callable, got %r' % (op, what, type(fn).__name__))


def jvp(fun, primals, tangents, has_aux=False):
    """(fun(*primals), J tangents) [+ aux with ``has_aux``]: the Jacobian-vector product at ``primals``."""
    _callable(fun, 'jvp')
    if not isinstance(primals, (tuple, list)) or not isinstance(tangents, (tuple, list)):
        raise TypeError('keras.ops.jvp: primals and tangents must be tuples or lists, got %s and %s'
                        % (type(primals).__name__, type(tangents).__name__))
    flat_p = [_tensor(p, 'jvp') for p in nest.flatten(list(primals))]
    flat_t = [_tensor(t, 'jvp') for t in nest.flatten(list(tangents))]
    if [tuple(p.shape) for p in flat_p] != [tuple(t.shape) for t in flat_t]:
        raise ValueError('keras.ops.jvp: tangents must match primals in structure and shape, got %s and %s'
                         % ([tuple(p.shape) for p in flat_p], [tuple(t.shape) for t in flat_t]))
    args = nest.pack_sequence_as(list(primals), flat_p)
    with GradientTape(persistent=True) as outer:
        with GradientTape(persistent=True) as inner:
            inner._watch(flat_p)
            result = fun(*args)
        out, aux = result if has_aux else (result, None)
        outputs = [_tensor(o, 'jvp') for o in nest.flatten(out)]
        cotangents = [_ops.zeros_like(o) for o in outputs]
        outer._watch(cotangents)
        pulled = inner.gradient(outputs, flat_p, output_gradients=cotangents)
        pulled = [None if g is None else _ops.convert_to_tensor(g) for g in pulled]     # rows (a gather): dense
        total = _ops.add_n([_ops.reduce_sum(g * _ops.cast(t, g.dtype)) for g, t in zip(pulled, flat_t)
                            if g is not None] or [_ops.constant(0.0)])
    pushed = outer.gradient(total, cotangents)
    pushed = [_ops.zeros_like(o) if g is None else g for g, o in zip(pushed, outputs)]
    pair = (out, nest.pack_sequence_as(out, pushed))
    return pair + (aux,) if has_aux else pair


def vectorize(pyfunc, *, excluded=None, signature=None):
    """``pyfunc`` mapped over the broadcast loop axes of its arguments, as numpy.vectorize:
    without ``signature`` every element is a call; with one ('(n),(n)->()'), the core axes go whole."""
    _callable(pyfunc, 'vectorize', 'pyfunc')
    excluded = set(excluded or ())
    cores_in, cores_out = _parse_signature(signature) if signature else (None, None)

    def wrapped(*args):
        mapped = [i for i in range(len(args)) if i not in excluded]
        tensors = {i: _tensor(args[i], 'vectorize') for i in mapped}
        ranks = {i: len(cores_in[k]) for k, i in enumerate(mapped)} if cores_in else {i: 0 for i in mapped}
        if cores_in is not None and len(cores_in) != len(mapped):
            raise ValueError('keras.ops.vectorize: the signature %r names %d inputs, got %d'
                             % (signature, len(cores_in), len(mapped)))
        loop = np.broadcast_shapes(*[tuple(tensors[i].shape)[:tensors[i].ndim - ranks[i]] for i in mapped])
        spread = {i: _ops.broadcast_to(tensors[i], loop + tuple(tensors[i].shape)[tensors[i].ndim - ranks[i]:])
                  for i in mapped}
        results = []
        for index in np.ndindex(*loop):
            call = [spread[i][index] if i in spread else a for i, a in enumerate(args)]
            results.append(pyfunc(*call))
        if not results:
            raise ValueError('keras.ops.vectorize: the loop axes %s hold no elements' % (loop,))
        columns = zip(*[nest.flatten(r) for r in results])
        stacked = [_ops.reshape(_ops.stack([_tensor(v, 'vectorize') for v in col]), loop + tuple(np.shape(col[0])))
                   for col in columns]
        return nest.pack_sequence_as(results[0], stacked)
    return wrapped


def _parse_signature(signature):
    match = re.fullmatch(r'\s*((?:\([\w, ]*\)\s*,?\s*)*)->\s*((?:\([\w, ]*\)\s*,?\s*)*)', signature)
    if not match:
        raise ValueError("keras.ops.vectorize: signature must look like '(n),(n)->()', got %r" % (signature,))
    parse = lambda side: [[d for d in group.replace(' ', '').split(',') if d]  # noqa: E731
                          for group in re.findall(r'\(([\w, ]*)\)', side)]
    return parse(match.group(1)), parse(match.group(2))


def associative_scan(f, elems, reverse=False, axis=0):
    """Running ``f`` over ``elems`` (a tensor or a structure of them) along ``axis``:
    out[i] = f(out[i - 1], elems[i]) (from the end with ``reverse``); f must be associative. As Keras's
    TensorFlow backend, a parallel prefix: ``f`` combines whole slices (ops_associative_scan.py)."""
    _callable(f, 'associative_scan', 'f')
    leaves = [_tensor(e, 'associative_scan') for e in nest.flatten(elems)]
    if not leaves:
        raise ValueError('keras.ops.associative_scan: elems must hold at least one tensor')
    axis = integer(axis, 'axis', 'associative_scan')
    if any(not -leaf.ndim <= axis < leaf.ndim for leaf in leaves):
        raise ValueError('keras.ops.associative_scan: axis %d is out of bounds for elems of shapes %s'
                         % (axis, [tuple(leaf.shape) for leaf in leaves]))
    lengths = {leaf.shape[axis] for leaf in leaves}
    if len(lengths) != 1:
        raise ValueError('keras.ops.associative_scan: every tensor of elems must have one length along axis %d, '
                         'got %s' % (axis, sorted(lengths)))
    return parallel_scan(f, elems, leaves, axis, reverse)


def rearrange(tensor, pattern, **axes_lengths):  # noqa: F811  (Keras 3's name)
    """einops-style axis rearrangement: 'b h w c -> b (h w) c', '(h1 h) w -> h (h1 w)' with h1=2, ..."""
    t = _tensor(tensor, 'rearrange')
    if not isinstance(pattern, str) or pattern.count('->') != 1:
        raise ValueError("keras.ops.rearrange: pattern must be 'input axes -> output axes', got %r" % (pattern,))
    left, right = (re.findall(r'\w+|\([\w ]*\)', side) for side in pattern.split('->'))
    groups_in = [g.strip('()').split() for g in left]
    groups_out = [g.strip('()').split() for g in right]
    if len(groups_in) != t.ndim:
        raise ValueError('keras.ops.rearrange: the pattern %r names %d input axes, the tensor has shape %s'
                         % (pattern, len(groups_in), tuple(t.shape)))
    sizes = {k: int(v) for k, v in axes_lengths.items()}
    for group, size in zip(groups_in, t.shape):
        unknown = [a for a in group if a not in sizes]
        known = int(np.prod([sizes[a] for a in group if a in sizes]))
        if len(unknown) > 1:
            raise ValueError('keras.ops.rearrange: give the lengths of all but one of %s' % (group,))
        if unknown:
            sizes[unknown[0]] = size // known if known else 0
        if int(np.prod([sizes[a] for a in group])) != size:
            raise ValueError('keras.ops.rearrange: axes %s have lengths %s, which do not multiply to %d'
                             % (group, [sizes[a] for a in group], size))
    names_in = [a for g in groups_in for a in g]
    names_out = [a for g in groups_out for a in g]
    if sorted(names_in) != sorted(names_out) or len(set(names_in)) != len(names_in):
        raise ValueError('keras.ops.rearrange: the output axes %s must be the input axes %s, each once'
                         % (names_out, names_in))
    split = _ops.reshape(t, [sizes[a] for a in names_in])
    moved = _ops.transpose(split, [names_in.index(a) for a in names_out])
    return _ops.reshape(moved, [int(np.prod([sizes[a] for a in g])) for g in groups_out])
