"""tf.einsum of operands whose traced lengths disagree for one subscript letter, refused by
TensorFlow's graph in a trace (the naming hook swaps the graph's ValueError in for tapeflow's kernel
error: graph_shape_errors.py). Read off TF 2.21 (notes/progs/graphops14/e1.py): the node is
'einsum/Einsum' (the API's scope, or the name given), its equation the explicit one (an implicit
output is the letters seen once, sorted), and the first letter whose length differs from the one
first seen, operand by operand and letter by letter, is named ('but are 3 and 2').
"""
from . import graph_shape_errors, trace_names
from .tensor import Tensor
from .variable import Variable


def einsum_error(error, parameters, unique, prefix):
    """Einsum's graph ValueError, or None (ellipses, repeated letters in one operand, a subscript of
    another rank than its operand, Python operands: not measured)."""
    equation, operands = parameters.get('equation'), parameters.get('inputs')
    if not isinstance(equation, str) or type(operands) is not tuple or not operands:
        return None
    equation = equation.replace(' ', '')
    given, _, output = equation.partition('->')
    subscripts = given.split(',')
    if '.' in equation or len(subscripts) != len(operands) or not all(s.isalpha() for s in subscripts):
        return None
    entries = []
    for subscript, operand in zip(subscripts, operands):
        if not isinstance(operand, Tensor) or isinstance(operand, Variable) or len(set(subscript)) != len(subscript):
            return None
        entry = trace_names.entry_of(operand)
        if entry is None or entry[1] is None or len(entry[1]) != len(subscript):
            return None
        entries.append(entry)
    dtype = graph_shape_errors.DT_NAMES.get(operands[0]._data.dtype.name)
    if dtype is None:
        return None
    lengths, dims = {}, None
    for subscript, entry in zip(subscripts, entries):
        for letter, length in zip(subscript, entry[1]):
            seen = lengths.setdefault(letter, length)
            if seen is None:
                lengths[letter] = length
            elif length is not None and length != seen:
                dims = (seen, length)
                break
        if dims is not None:
            break
    if dims is None:
        return None
    if '->' not in equation:
        letters = ''.join(subscripts)
        output = ''.join(sorted(c for c in set(letters) if letters.count(c) == 1))
    name = (parameters.get('kwargs') or {}).get('name')
    node = unique(prefix + (name if isinstance(name, str) and name else 'einsum')) + '/Einsum'
    text = "Dimensions must be equal, but are %d and %d for '{{node %s}} = Einsum[N=%d, T=%s, " \
        "equation=\"%s->%s\"](%s)' with input shapes: %s." % (
            dims[0], dims[1], node, len(operands), dtype, given, output, ', '.join(e[0] for e in entries),
            ', '.join('[%s]' % graph_shape_errors.dims_text(e[1]) for e in entries))
    return graph_shape_errors.refusal(error, text)
