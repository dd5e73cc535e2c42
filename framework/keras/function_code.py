"""Python lambdas in saved configs, as Keras 3 files them: the function's bytecode.

A lambda has no name a loader could look up, so Keras writes its code object
(``marshal``, base64 text), its default values and its closure's values, and
brings the function back from them only when the caller allows running code
from a file (``safe_mode=False`` or ``keras.config.enable_unsafe_deserialization()``).
The bytecode is the Python version's own: a file moves between interpreters of
the same minor version (TF 2.21's Python 3.11 and tapeflow's read each other's).
"""
import base64
import marshal
import types

# Keras 3.15's words (layers/core/lambda_layer.py and saving/serialization_lib.py)
LAMBDA_LAYER_REFUSED = ('Requested the deserialization of a `Lambda` layer whose `function` is a Python lambda. This '
                        'carries a potential risk of arbitrary code execution and thus it is disallowed by default. '
                        'If you trust the source of the artifact, you can override this error by passing '
                        '`safe_mode=False` to the loading function, or calling '
                        '`keras.config.enable_unsafe_deserialization().')
LAMBDA_REFUSED = ('Requested the deserialization of a Python lambda. This carries a potential risk of arbitrary code '
                  'execution and thus it is disallowed by default. If you trust the source of the artifact, you can '
                  'override this error by passing `safe_mode=False` to the loading function, or calling '
                  '`keras.config.enable_unsafe_deserialization().')


def is_python_lambda(fn):
    return isinstance(fn, types.LambdaType) and fn.__name__ == '<lambda>'


def dump_function(fn):
    """(code, defaults, closure): the base64 text of the marshalled code object, the default values
    and the values the closure's cells hold (None where there are none)."""
    code = base64.encodebytes(marshal.dumps(fn.__code__)).decode('ascii')
    closure = tuple(cell.cell_contents for cell in fn.__closure__) if fn.__closure__ else None
    return code, fn.__defaults__, closure


def load_function(code, defaults=None, closure=None):
    """The function ``dump_function`` described. Its globals are this module's, as Keras gives a
    loaded lambda its own helper module's: names of the saving program (np, keras) are not there,
    and a lambda that reads one raises NameError when called, as on TF 2.21."""
    if isinstance(code, (list, tuple)):       # the three values as one list (Keras's 'value' entry, Keras 2 files)
        code, defaults, closure = code
    if isinstance(defaults, list):
        defaults = tuple(defaults)
    cells = None if closure is None else tuple(types.CellType(value) for value in closure)
    code_object = marshal.loads(base64.decodebytes(code.encode('ascii')))
    return types.FunctionType(code_object, globals(), code_object.co_name, defaults, cells)
