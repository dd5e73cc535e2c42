"""The order of a dict argument's keys as a trace first saw them.

TF 2.21's trace type keeps a dict argument's mapping as the trace's maker gave it (the first call's dict,
get_concrete_function's specs, the input_signature), and makes the trace's placeholders walking it in that
(insertion) order: for ``f.get_concrete_function({'b': TensorSpec([]), 'a': TensorSpec([])})`` b's placeholder
is 'd' and a's 'd_1', the trace prints them so, ``structured_input_signature`` and the printed signature list
'b' before 'a', and ``cf.inputs``, flat in nest's sorted-key order, are ['d_1:0', 'd:0']. The flat call's
keywords follow nest's order instead (``cf(d=a_value, d_1=b_value)``: ConcreteFunction._flat_specs).

A trace key sorts a dict's items (dicts equal in any order share a trace, as in TF), so a trace keeps the
orders beside its key (``by_parameter``: per parameter the argument's structure with each dict's keys as
given, ``order_of``) and shows its key through them (``reordered``); ``walk_ranks`` numbers a structure's
leaves in that walk, for the placeholders' names.
"""
from . import nest
from .given_spec_names import given_by_parameter


def order_of(value):
    """``value``'s structure with its dicts' keys in their own order ({key: inner order}; a list or tuple:
    a tuple by position), None where it holds no dict."""
    if isinstance(value, dict):
        return {k: order_of(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        inner = tuple(order_of(v) for v in value)
        return inner if any(o is not None for o in inner) else None
    return None


def by_parameter(names, kinds, values):
    """{parameter: order_of(its value)} of a function's bound ``values`` (``names``, ``kinds``: the parameters'
    names and inspect kinds), keyed as given_spec_names.given_by_parameter keys the names; a parameter whose
    value holds no dict is left out."""
    return given_by_parameter(names, kinds, values, read=order_of)


def _is_dict_key(key):
    return type(key) is tuple and key and isinstance(key[0], type) and issubclass(key[0], dict)


def _is_sequence_key(key):
    return type(key) is tuple and key and isinstance(key[0], type) and issubclass(key[0], (list, tuple))


def reordered(key, order):
    """The trace key ``key`` with its dicts' items in ``order`` (as order_of gave it; None: as it is). The
    result shows the trace (placeholder, describe); it is no key to look a trace up by."""
    if order is None:
        return key
    if _is_dict_key(key) and isinstance(order, dict):
        items = dict(key[1:])
        ordered = [k for k in order if k in items] + [k for k, _ in key[1:] if k not in order]
        return (key[0],) + tuple((k, reordered(items[k], order.get(k))) for k in ordered)
    if _is_sequence_key(key) and isinstance(order, tuple):
        return (key[0],) + tuple(reordered(k, order[i] if i < len(order) else None) for i, k in enumerate(key[1:]))
    return key


def walk_ranks(value):
    """For each leaf of ``nest.flatten(value)`` (dicts by sorted key), its position in the walk that visits
    dicts in their own order, as TF makes a trace's placeholders."""
    count = iter(range(1 << 30))

    def numbered(v):
        if isinstance(v, dict):
            return {k: numbered(item) for k, item in v.items()}
        if isinstance(v, (list, tuple)):        # (a namedtuple flattens as a tuple: by position)
            return [numbered(item) for item in v]
        return next(count)
    return nest.flatten(numbered(value))


def of_call(binder, args, kwargs):
    """by_parameter of a call's arguments as ``binder`` (the Function's FunctionSignature) binds them;
    {} where they do not bind."""
    try:
        values = binder.bind(args, kwargs)
    except TypeError:
        return {}
    return by_parameter(binder.names, [p.kind for p in binder.signature.parameters.values()], values)
