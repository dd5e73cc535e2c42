"""Keras 3 runs a few ops eagerly as Operation objects (``keras.ops.pad`` is ``Pad(pad_width, mode)(x, ...)``):
an error inside their ``call`` comes back worded as a layer's is, the class kept:

    Exception encountered when calling Pad.call().

    <the error's message, in bold>

    Arguments received by Pad.call():
      • x=array([[1., 1., 1.], ...])
      • constant_values=None

Tensors show as ``tf.Tensor(shape=(2, 3), dtype=float32)``, anything else by its repr (Keras's
format_argument_value); tapeflow's explanation stays a note. As Keras's inject_argument_info_in_traceback
does, an OpError keeps its class and code with the message replaced (``error.message`` worded), and an
error class that cannot be built from one message becomes a RuntimeError.
"""
from framework.errors import OpError
from framework.tensor import Tensor


def _argument_text(value):
    if isinstance(value, Tensor):
        return 'tf.Tensor(shape=%s, dtype=%s)' % (tuple(value.shape), value.dtype.name)
    return repr(value)


def in_call(error, operation, arguments):
    """``error`` raised inside ``operation``'s call (its class name: 'Pad'), given ``arguments`` (name,
    value pairs in call's order), as Keras 3's Operation reports it."""
    where = '%s.call()' % operation
    said = error.message if isinstance(error, OpError) else error.args[0] if error.args else ''
    message = ('Exception encountered when calling %s.\n\n\x1b[1m%s\x1b[0m\n\nArguments received by %s:\n%s'
               % (where, said, where,
                  '\n'.join('  \u2022 %s=%s' % (name, _argument_text(value)) for name, value in arguments)))
    if isinstance(error, OpError):
        worded = type(error)(error.node_def, error.op, message, error.code)
    else:
        try:
            worded = type(error)(message)
        except TypeError:       # (an error class with its own arguments)
            worded = RuntimeError(message)
    worded._keras_call_info_injected = True     # as Keras marks it: a layer calling the op adds no banner of its own
    for note in getattr(error, '__notes__', ()):
        worded.add_note(note)
    return worded
