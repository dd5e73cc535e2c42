"""Finding a layer's sublayers and weights, by looking at its attributes.

Sublayers are the Layer values of the instance ``__dict__``, in insertion
order, including those held in lists, tuples and dicts (``self.blocks =
[Dense(8), Dense(8)]``). Nothing is registered in ``__setattr__``: a user
subclass that does ``self.d1 = Dense(10)`` is found the same way, at the
moment weights are asked for.
"""


def direct_sublayers(layer):
    """The layers held by ``layer``'s attributes, each once, in attribute order."""
    from .layer import Layer
    found = []
    seen = {id(layer)}

    def visit(value):
        if isinstance(value, Layer):
            if id(value) not in seen:
                seen.add(id(value))
                found.append(value)
        elif isinstance(value, (list, tuple)):
            for item in value:
                visit(item)
        elif isinstance(value, dict):
            for item in value.values():
                visit(item)

    for name, value in layer.__dict__.items():
        # The private bookkeeping of Layer itself never holds layers worth a scan,
        # except Sequential's list, which the subclass exposes under ``_layers``.
        if name in _SKIP:
            continue
        visit(value)
    return found


def all_sublayers(layer):
    """Every layer below ``layer``, depth first, each once (``layer`` excluded)."""
    out, seen = [], {id(layer)}
    pending = list(reversed(direct_sublayers(layer)))
    while pending:
        sub = pending.pop()
        if id(sub) in seen:
            continue
        seen.add(id(sub))
        out.append(sub)
        pending.extend(reversed(direct_sublayers(sub)))
    return out


def unique(variables):
    """``variables`` without repeats, first occurrence kept."""
    seen, out = set(), []
    for v in variables:
        if id(v) not in seen:
            seen.add(id(v))
            out.append(v)
    return out


# Attributes of Layer that hold weights, losses or settings, never sublayers.
_SKIP = frozenset(('_trainable_created', '_non_trainable_created', '_regularizers', '_constraints',
                   '_losses', 'input_spec', '_build_input_shape', '_batch_input_shape', '_dtype',
                   'activity_regularizer', 'name', '_trainable', 'built', '_call_epoch'))
