"""tf.einsum of three or more operands: TF 2.21's Python (_einsum_v2_parse_and_resolve_equation) checks each
operand's labels against its rank before opt_einsum plans the binary steps, in its ValueError words; a size
mismatch is left to the binary Einsum kernel of the step that meets it (its 'N_2' node and that pair's shapes)."""
from ..errors import noted


def check_named_labels(specs, tensors, equation):
    """TF's per-operand checks, first failing operand first: one ellipsis at most, no more letters than axes
    beside an ellipsis, exactly as many letters as axes without one. ``equation`` as the user spelled it."""
    for index, (spec, t) in enumerate(zip(specs, tensors)):
        shape = [int(d) if d is not None else None for d in t.shape]
        if '...' in spec:
            if spec.count('...') > 1:
                raise ValueError('Too many ellipses in input label %s.' % (spec,))
            if len(spec) - 2 > len(shape) + 1:      # TF counts the ellipsis as one label
                raise noted(ValueError('Too many named labels in %dth subscript string of equation %s for input '
                                       'shape %s ' % (index, equation, shape)),
                            'einsum: operand %d of shape %s has fewer axes than its subscripts %r'
                            % (index, tuple(shape), spec))
        elif len(spec) != len(shape):
            raise noted(ValueError('Number of named labels in input #%d of equation %s must be equal to the number '
                                   'of dimensions in shape %s' % (index, equation, shape)),
                        'einsum: operand %d of shape %s does not fit its subscripts %r' % (index, tuple(shape), spec))
