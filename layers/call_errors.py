"""How errors raised around a layer's call reach the user, worded as Keras 3 words them.

An error from inside ``call`` comes back as "Exception encountered when calling X.call()", the
message in bold, then the arguments received; an error before ``call`` ran (converting, checking,
building) keeps TensorFlow's text, with the layer named in a note. Layer.__call__ catches
``CAUGHT_IN_CALL`` and hands the error here.
"""
import inspect

from framework import name_scopes, nest, trace_names
from framework.errors import InvalidArgumentError, OpError, OperatorNotAllowedInGraphError
from framework.function_errors import graph_side
from framework.losses.tensor_notes import get_keras_mask
from framework.tensor import DISPLAY_NAME, ConversionError, Tensor
from framework.user_traceback import user_traceback

from . import call_context
from .step_graph_errors import note_layer_node
from .tensor_arguments import is_tensor_argument


def super_not_called(layer):
    return RuntimeError("In layer '%s', you forgot to call `super().__init__()` as the first statement in the "
                        "`__init__()` method. Go add it!" % type(layer).__name__)


def name_layer(err, layer):
    """Name the layer in a note on ``err``, an error outside its ``call`` (converting or checking the
    inputs, building): Keras 3 raises those from ``__call__`` as they are, unworded, so a program
    printing one prints TensorFlow's text; errors from ``call`` itself come worded as Keras's
    (``call_error``). Only the innermost failing layer adds its note.
    """
    if getattr(err, '_tapeflow_layer_named', False) or getattr(err, '_keras_call_info_injected', False):
        return
    try:
        err.add_note('raised by layer "%s" (%s) before its call() ran: converting, checking or building for '
                     'its inputs' % (layer.name, type(layer).__name__))
        err._tapeflow_layer_named = True
    except AttributeError:      # an exception type with __slots__: nothing to hang the note on
        pass


# Python's own errors from a call() (a user's layer reading a missing dict key, an index out of
# range) are reworded too, as Keras rewords every exception: TF 2.21 prints "Exception encountered
# when calling DictIn.call()" above a KeyError. Only these exact classes, built from one message.
_PLAIN_ERRORS = (KeyError, IndexError, AttributeError, ZeroDivisionError, NotImplementedError, RuntimeError,
                 # Keras 3 rewords every error of a call (traceback_utils); these Python ones keep their class
                 # with one message: an UnboundLocalError in keras.io's text_generation_fnet decoder
                 NameError, UnboundLocalError, AssertionError, OverflowError, LookupError, OSError)
_REWORDED = (TypeError, ValueError, InvalidArgumentError, ConversionError,
             OperatorNotAllowedInGraphError) + _PLAIN_ERRORS
CAUGHT_IN_CALL = (TypeError, ValueError, OpError) + _PLAIN_ERRORS


def keras_class_name(layer):
    """The name Keras 3's banners give ``layer``'s class: its Python class's, which differs from tapeflow's where
    tapeflow's class bears the exported name (GroupQueryAttention is Keras's GroupedQueryAttention)."""
    return getattr(type(layer), '_keras_class_name', type(layer).__name__)


def call_error(err, layer, inputs, args, kwargs):
    """``err`` from a layer's ``call``, worded as Keras 3 words it: the class's ``call()``, the message
    in bold, then the arguments received (tensors by shape and dtype); the layer's name rides along as
    a note. Only the innermost failing call adds this, and only to plain TypeError / ValueError (and
    ConversionError, the _PLAIN_ERRORS and every kernel error, OpError: TF 2.21 rewords a Cast
    UnimplementedError or a NotFoundError too, fuzz6/p/l8.py), so that exceptions with their own
    constructors pass through unchanged."""
    err = graph_side(err)       # a shape error TensorFlow's graph raises in a trace or build (graph_shape_errors)
    if isinstance(err, OpError) and call_context.in_traced_function():
        # A kernel error left after graph_side is one TensorFlow meets when it runs the traced step (an
        # Embedding index out of range in fit / predict): the layer's call ran at trace time without error,
        # so TF 2.21 raises it from the step, not reworded by the call, naming its node (step_graph_errors)
        note_layer_node(err, layer)
        # (it did fail inside call(): no outer __call__ notes it as raised before the call ran)
        err._tapeflow_layer_named = True
        return err
    reworded = type(err) in _REWORDED or isinstance(err, OpError)
    if not reworded or getattr(err, '_keras_call_info_injected', False):
        return err
    if type(err) is TypeError:
        unbound = _binding_error(layer, inputs, args, kwargs)
        if unbound is not None:
            return unbound
    where = '%s.call()' % keras_class_name(layer)
    text = err.args[0] if err.args else ''
    if isinstance(err, OpError) and isinstance(text, str):
        text = _in_layer_scopes(text)
    message = ('Exception encountered when calling %s.\n\n\x1b[1m%s\x1b[0m\n\nArguments received by %s:\n%s'
               % (where, text, where, _arguments_received(layer, inputs, args, kwargs)))
    # the user's frames inside call() stay below the raising __call__, as Keras's filtered traceback keeps them
    named = type(err)(message).with_traceback(user_traceback(err.__traceback__))
    named._keras_call_info_injected = True
    named._keeps_build = getattr(err, '_keeps_build', False)       # (failed_build: an outer layer reads it)
    named.reshape_sizes = getattr(err, 'reshape_sizes', None)      # (functional/fitting_batch reads it)
    named.graph_refused = getattr(err, 'graph_refused', False)     # (Sequential._trace lets it through)
    named.add_note('raised in call() of layer "%s"' % layer.name)
    for note in getattr(err, '__notes__', ()):
        named.add_note(note)
    return named


def _in_layer_scopes(text):
    """A kernel error's text with its op's scoped name (' name: strided_slice/') under the name scopes Keras 3
    opens for the layers being called, outermost first: ' name: l/strided_slice/' (TF 2.21)."""
    at = text.rfind(' name: ')
    if at < 0 or not text.endswith('/'):
        return text
    at += 7
    outside = name_scopes.current()     # a tf.name_scope around the layer call comes first: 'foo/l/...'
    if outside and text.startswith(outside, at):
        at += len(outside)
    return text[:at] + ''.join(entry[0].name + '/' for entry in call_context.STATE.stack) + text[at:]


def _binding_error(layer, inputs, args, kwargs):
    """Keras 3 binds the arguments to ``call``'s signature in ``__call__`` (its CallSpec), before the call
    runs: arguments that do not fit raise inspect's TypeError there, unworded ("missing a required
    argument: 'value'" for MultiHeadAttention(2, 2)(x)). None when they fit (the TypeError came from inside)."""
    try:
        inspect.signature(layer.call).bind(inputs, *args, **kwargs)
    except TypeError as unbound:
        error = TypeError(str(unbound))
        error._keras_call_info_injected = True
        error.add_note('raised by layer "%s" (%s): its call() takes %s' % (layer.name, type(layer).__name__,
                                                                         inspect.signature(layer.call)))
        return error
    except ValueError:
        pass
    return None


def _arguments_received(layer, inputs, args, kwargs):
    """Keras's '  • name=value' lines for ``call``'s parameters: what the call bound, else the default."""
    try:
        signature = inspect.signature(layer.call)
        bound = signature.bind(inputs, *args, **kwargs).arguments
    except (TypeError, ValueError):
        return '  • inputs=%s' % _argument_text(inputs)
    if 'mask' in signature.parameters and bound.get('mask') is None:
        _fill_mask(bound)
    lines = []
    for param in signature.parameters.values():
        value = nest.map_structure(_argument_text, bound[param.name]) if param.name in bound else param.default
        lines.append('  • %s=%s' % (param.name, value))
    return '\n'.join(lines)


def _fill_mask(bound):
    """Keras 3's __call__ passes ``mask`` to a call taking one tensor argument (a tensor or a structure of
    them) as that argument's masks, structure kept: a dict input shows ``mask={'foo': 'None'}``."""
    tensors = [value for value in bound.values() if is_tensor_argument(value)]
    if len(tensors) == 1:
        bound['mask'] = nest.map_structure(lambda t: None if t is None else get_keras_mask(t), tensors[0])


def _argument_text(value):
    if isinstance(value, Tensor):
        entry = trace_names.entry_of(value)
        shape = '<unknown>' if entry is not None and entry[1] is None else trace_names.open_batch(tuple(value.shape))
        return '%s.Tensor(shape=%s, dtype=%s)' % (DISPLAY_NAME, shape, value.dtype.name)    # (a trace's unknown rank)
    return repr(value)