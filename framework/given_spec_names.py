"""The names get_concrete_function's TensorSpecs carry inside a structured argument.

TF 2.21 keeps a TensorSpec's own name wherever it stands in an argument: for
``f.get_concrete_function({'a': TensorSpec([1], name='aa'), 'b': TensorSpec([1])}, TensorSpec([], name='kk'))``
it prints ``d: Dict[['a', TensorSpec(..., name='aa')], ['b', TensorSpec(..., name=None)]]``, its placeholders
(cf.inputs, the flat call's keywords) are 'aa', 'd', 'kk' and the trace sees ``aa:0``. A trace key holds
shapes and dtypes only, so a trace keeps these names beside its key (``_Trace.spec_names``): per parameter
a name (a TensorSpec argument) or the argument's structure of names (None where a spec has none), as
``given_names`` reads them; ``part`` walks that structure along a key's.
"""
import inspect

from .ops.tensor_spec import TensorSpec


def given_names(value):
    """The TensorSpec names in get_concrete_function's argument ``value``: a str for a named TensorSpec,
    a tuple (list, tuple, namedtuple: by position) or dict (by key) of them for a structure holding one,
    else None."""
    if isinstance(value, TensorSpec):
        return value.name or None
    if isinstance(value, dict):
        inner = {k: given_names(v) for k, v in value.items()}
        return inner if any(n is not None for n in inner.values()) else None
    if isinstance(value, (list, tuple)):
        inner = tuple(given_names(v) for v in value)
        return inner if any(n is not None for n in inner) else None
    return None


def part(given, index):
    """The given names of a structure's part ``index`` (a position, or a dict's key); None where none."""
    if isinstance(given, dict):
        return given.get(index)
    if isinstance(given, tuple) and isinstance(index, int) and 0 <= index < len(given):
        return given[index]
    return None


def fits(given, kept):
    """Whether a trace whose specs kept the names ``kept`` serves get_concrete_function's specs named
    ``given`` (both as given_names reads them): TF 2.21 holds a TensorSpec's name in its trace type, and a
    named spec is a subtype only of a spec of that name, an unnamed one of any. So after
    ``get_concrete_function(TensorSpec([], name='a'))`` an unnamed spec (or a call with a tensor) gets that
    trace, but ``name='b'`` traces anew, as does ``name='a'`` after a trace by a call."""
    if given is None:
        return True
    if isinstance(given, str):
        return given == kept
    if isinstance(given, dict):
        return all(fits(names, part(kept, k)) for k, names in given.items())
    return all(fits(names, part(kept, i)) for i, names in enumerate(given))


def given_by_parameter(names, kinds, values, read=given_names):
    """{parameter: given names} of get_concrete_function's bound ``values`` (``names``, ``kinds``: the
    parameters' names and inspect kinds), keyed as a concrete function lists its parameters: ``*args``
    spread as args_0, args_1, ..., ``**kw`` by keyword; a parameter without a named spec is left out.
    ``read``: what to keep of each value (given_names; traced_dict_orders.order_of: its dicts' key orders);
    a value it reads as None is left out."""
    given = {}
    for name, kind, value in zip(names, kinds, values):
        if kind is inspect.Parameter.VAR_POSITIONAL:
            items = [('%s_%d' % (name, j), item) for j, item in enumerate(value)]
        elif kind is inspect.Parameter.VAR_KEYWORD:
            items = list(value.items())
        else:
            items = [(name, value)]
        for parameter, item in items:
            found = read(item)
            if found is not None:
                given[parameter] = found
    return given
