"""Which tf.function of a saved object TF 2.21 makes its 'serving_default' signature when
tf.saved_model.save is given none (signature_serialization.find_function_to_export).

TF looks at the root's children that are tf.functions or concrete functions, attributes set on the
instance (``m.f = tf.function(..., input_signature=...)``, ``m.cf = f.get_concrete_function(...)``)
as well as the class's decorated methods, takes each one's concrete function (a tf.function needs an
input_signature) and keeps those that can be a signature: with outputs, no tf.Variable input, and
outputs that are one tensor, a flat list / tuple / namedtuple of tensors or a dict of str -> tensor.
Exactly one such function becomes the signature; none or several give no signature.
"""
from ..composite import CompositeTensor
from ..concrete_function import ConcreteFunction, GraphOutput
from ..function import Function
from ..function_save_traces import signature_save_trace
from ..nest import flatten
from ..tensor import Tensor
from .returns_value import may_return_value

# what a trace's outputs hold where it returned tensors (Python numbers come back as GraphOutputs too)
_TENSORS = (Tensor, GraphOutput, CompositeTensor)


def root_functions(obj):
    """The tf.functions and concrete functions ``obj`` has as attributes (its own or its class's
    decorated methods), in ``dir`` order as TF lists them."""
    found = []
    own = vars(obj) if hasattr(obj, '__dict__') else {}
    for name in dir(obj):
        value = own[name] if name in own else getattr(type(obj), name, None)
        if isinstance(value, Function) and name not in own:
            value = getattr(obj, name)       # the class's tf.function, bound to obj
        if isinstance(value, (Function, ConcreteFunction)):
            found.append(value)
    return found


def _concrete(function, variables):
    if isinstance(function, ConcreteFunction):
        return function
    if function.input_signature is None or not may_return_value(function.python_function):
        return None         # (one that always returns None has no outputs: traced by TF, refused there too)
    return signature_save_trace(function, variables)


def output_dict(outputs):
    """TF's _normalize_outputs: a signature's outputs as the dict it returns (a namedtuple by its fields,
    a list / tuple or one tensor as output_0, output_1, ...)."""
    if isinstance(outputs, dict):
        return dict(outputs)
    if hasattr(outputs, '_asdict'):
        return dict(outputs._asdict())
    return {'output_%d' % i: value for i, value in enumerate(outputs if isinstance(outputs, (list, tuple))
                                                                else [outputs])}


def valid_signature(concrete):
    """TF's _valid_signature: the trace has outputs, takes no tf.Variable and returns flat tensors."""
    outputs = concrete.structured_outputs
    if not flatten(outputs):
        return False
    if any(type(spec).__name__ == 'VariableSpec' for spec in flatten(concrete.structured_input_signature)):
        return False
    # TF's _normalize_outputs refuses a key that is no str and a value that is no tensor (a nested structure)
    return all(isinstance(key, (str, bytes)) and isinstance(value, _TENSORS)
               for key, value in output_dict(outputs).items())


def function_to_export(obj, variables=()):
    """The one function of ``obj`` TF 2.21 saves as 'serving_default', or None. The candidates are traced
    as the save traces them (their Python runs once, in ``dir`` order); ``variables`` keep their values."""
    possible = []
    for function in root_functions(obj):
        concrete = _concrete(function, variables)
        if concrete is not None and valid_signature(concrete):
            possible.append(function)
    return possible[0] if len(possible) == 1 else None
