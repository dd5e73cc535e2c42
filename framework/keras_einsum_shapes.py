"""The static shape of keras.ops.einsum's result in a TF 2.21 trace, from its operands' traced shapes.

Keras 3 renames the letters in order of first use ('kj,ji' is 'ab,bc') before tf.einsum, so an implicit
output (no '->') is the renamed letters used once, in order ('ac': (k, i), where numpy gives (i, k)), after the
broadcast lengths of a leading '...'. Each letter's length is the first operand's that knows it, open where none
does; the '...' lengths broadcast (an open one with a 1 stays open, with a longer one takes it).
"""


def output_shape(subscripts, shapes):
    """The result's traced shape (a tuple with None where open), or None where not computed: an ellipsis
    elsewhere than at a term's start, a term of another rank than its operand, an unknown operand shape."""
    from .keras_composite_names import normalized_subscripts
    if not isinstance(subscripts, str) or None in shapes:
        return None
    inputs, arrow, output = normalized_subscripts(subscripts.replace(' ', '')).partition('->')
    inputs = inputs.split(',')
    if len(inputs) != len(shapes) or any('.' in term.lstrip('.') for term in inputs + [output.lstrip('.')]) \
            or any(term.startswith('.') and not term.startswith('...') for term in inputs + [output]):
        return None
    lengths, batch = {}, []
    for term, shape in zip(inputs, shapes):
        letters = term[3:] if term.startswith('...') else term
        extra = len(shape) - len(letters)
        if extra < 0 or (extra and not term.startswith('...')):
            return None
        batch = _broadcast(batch, list(shape[:extra]))
        for letter, dim in zip(letters, shape[extra:]):
            if lengths.get(letter) is None:
                lengths[letter] = dim
    if not arrow:
        used = ''.join(t[3:] if t.startswith('...') else t for t in inputs)
        output = ('...' if any(t.startswith('...') for t in inputs) else '') + ''.join(
            sorted(c for c in set(used) if used.count(c) == 1))
    letters = output[3:] if output.startswith('...') else output
    return (tuple(batch) if output.startswith('...') else ()) + tuple(lengths.get(c) for c in letters)


def _broadcast(first, second):
    width = max(len(first), len(second))
    first, second = [1] * (width - len(first)) + first, [1] * (width - len(second)) + second
    out = []
    for a, b in zip(first, second):
        if a is None or b is None:
            known = b if a is None else a
            out.append(known if known is not None and known != 1 else None)
        else:
            out.append(max(a, b))
    return out
