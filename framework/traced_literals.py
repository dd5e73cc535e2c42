"""Python numbers given to a tf.function whose trace was made for an equal number of another type.

TF 2.21 keys a Python argument by its value (a Literal trace type), and ``1 == 1.0 == True`` hash alike,
so ``f(1)`` then ``f(1.0)`` or ``f(True)`` runs the graph traced for ``1``: ``@tf.function def p(x):
return x`` gives ``tf.Tensor(1, shape=(), dtype=int32)`` for all three, the constant the trace held.
tapeflow replays a trace by running the Python again, so the replay gets the trace's own number in
their place (in lists, tuples and dicts too), as the graph would. Keyword arguments and defaults too: TF binds
them to their parameters before keying, so ``f(x, y=1.0)`` or ``f(x)`` (``y=1.0`` by default) after
``f(x, 1)`` / ``f(x, y=True)`` runs the graph holding that trace's number.
"""
_NUMBERS = (bool, int, float)


def as_traced(args, key):
    """``args`` (positional, in parameter order) with each Python number whose trace ``key`` entry is an
    equal number of another type replaced by that entry; ``args`` itself where there is none."""
    if type(key) is not tuple or len(key) != len(args) + 1:
        return args
    replaced = [_as_traced(value, entry) for value, entry in zip(args, key[1:])]
    if all(new is old for new, old in zip(replaced, args)):
        return args
    return type(args)(replaced) if type(args) is tuple else replaced


def bound_as_traced(binder, args, kwargs, key):
    """``(args, kwargs)`` of a call, bound to the function's parameters (defaults filled), where one of its
    Python numbers takes the trace's own: then given again by parameter kind (``*args`` spread, keyword-only
    and ``**kwargs`` by name); the call as given where none does."""
    try:
        values = binder.bind(args, kwargs)
    except TypeError:       # (keyed already, so it binds; left as given if not)
        return args, kwargs
    replaced = as_traced(values, key)
    if replaced is values:
        return args, kwargs
    params = list(binder.signature.parameters.values())
    if len(params) != len(replaced):
        return args, kwargs
    positional, keywords = [], {}
    for param, value in zip(params, replaced):
        if param.kind is param.VAR_POSITIONAL:
            positional.extend(value)
        elif param.kind is param.VAR_KEYWORD:
            keywords.update(value)
        elif param.kind is param.KEYWORD_ONLY:
            keywords[param.name] = value
        else:
            positional.append(value)
    return tuple(positional), keywords


def _as_traced(value, entry):
    kind = type(value)
    if kind in _NUMBERS:
        return entry if type(entry) in _NUMBERS and type(entry) is not kind else value
    if kind in (list, tuple) and type(entry) is tuple and len(entry) == len(value) + 1 and entry[0] is kind:
        replaced = [_as_traced(v, e) for v, e in zip(value, entry[1:])]
        return value if all(new is old for new, old in zip(replaced, value)) else kind(replaced)
    if kind is dict and type(entry) is tuple and entry and entry[0] is dict:    # (**kwargs: keyed by its items)
        entries = dict(entry[1:])
        replaced = {k: _as_traced(v, entries.get(k)) for k, v in value.items()}
        return value if all(replaced[k] is v for k, v in value.items()) else replaced
    return value
