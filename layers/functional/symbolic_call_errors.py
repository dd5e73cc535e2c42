"""The errors of a symbolic call, in Keras 3's words: "Exception encountered when calling X.call()" with the
arguments received, and the texts for layers whose output Keras could not infer."""
import inspect

from framework import nest
from framework.tensor import Tensor

from .. import naming
from ..call_errors import keras_class_name
from ..mask_propagation import takes_mask
from .keras_tensor import KerasTensor
from .symbolic_masks import with_filled_input_masks


def say_inference_failed(err, layer, args, kwargs):
    """Keras 3 finds the outputs of a user's layer without compute_output_shape / _spec by running
    its call in a scratch graph, and an error there reads 'Could not automatically infer the output
    shape / dtype of ...' inside the call's bold message (keras.io's OCR example on TF 2.21); the
    arguments received are those of its symbolic ``__call__(*args, **kwargs)``, as Keras lists them."""
    name = type(layer).__name__
    head = 'Exception encountered when calling %s.call().\n\n\x1b[1m' % name
    text = err.args[0] if len(err.args) == 1 and isinstance(err.args[0], str) else None
    if text is None or not _keras_infers_by_calling(layer):
        return
    if text.startswith(head):
        message = text[len(head):].split('\x1b[0m\n\nArguments received by %s.call():\n' % name)[0]
        if isinstance(err, KeyError):       # Keras words the call's own error as f'{e}': a KeyError's str quotes it
            message = str(KeyError(message))
    elif getattr(err, '_keras_call_info_injected', False) and text.startswith('Exception encountered when calling '):
        # a sublayer's error, worded by its own call: Keras's compute_output_spec quotes it whole (f'{e}'),
        # then this layer's __call__ words that (TF 2.21: '... of 'outer' ... Error encountered:\n\nException
        # encountered when calling Inner.call() ...')
        message = str(err)
    else:
        return
    err.args = (head + "Could not automatically infer the output shape / dtype of '%s' (of type %s). Either the "
                "`%s.call()` method is incorrect, or you need to implement the `%s.compute_output_spec() / "
                "compute_output_shape()` method. Error encountered:\n\n%s\x1b[0m\n\n%s"
                % (layer.name, name, name, name, message, _arguments_received(layer, args, kwargs)),)


def _arguments_received(layer, args, kwargs):
    """Keras 3's 'Arguments received' lines for a symbolic ``__call__(*args, **kwargs)``."""
    shown = {k: v for k, v in kwargs.items() if not (k == 'training' and v is None)}
    if 'training' not in shown:
        # Keras 3's __call__ passes a call's own training default on (image layers' training=True)
        default = _training_default(layer)
        if default is not None:
            shown['training'] = default
    shown = with_filled_input_masks(layer, args, shown)
    others = nest.flatten((list(args[1:]), shown))
    if 'mask' not in shown and args and takes_mask(type(layer)) and not any(
            isinstance(x, (Tensor, KerasTensor)) for x in others):
        # Keras 3's __call__ fills a call's free `mask` from its one tensor argument before the call fails
        shown['mask'] = nest.map_structure(lambda t: getattr(t, '_mask', None), args[0])
    return ('Arguments received by %s.call():\n  \u2022 args=%s\n  \u2022 kwargs=%s'
            % (keras_class_name(layer), nest.map_structure(repr, tuple(args)),
               nest.map_structure(repr, shown) if shown else "<class 'inspect._empty'>"))


def _training_default(layer):
    try:
        parameter = inspect.signature(layer.call).parameters.get('training')
    except (TypeError, ValueError):
        return None
    return None if parameter is None or parameter.default is inspect.Parameter.empty else parameter.default


def symbolic_call_error(err, layer, args, kwargs):
    """``err`` from a layer's compute_output_shape in a functional build, worded as Keras 3's symbolic
    call words it (a Reshape of the wrong size): 'Exception encountered when calling X.call()', the
    message in bold, the arguments received."""
    if getattr(err, '_keras_call_info_injected', False) or len(err.args) != 1:
        return err
    name = keras_class_name(layer)
    wrapped = type(err)('Exception encountered when calling %s.call().\n\n\x1b[1m%s\x1b[0m\n\n%s'
                        % (name, err.args[0], _arguments_received(layer, args, kwargs)))
    wrapped._keras_call_info_injected = True
    # (raised 'from None': what Sequential._trace reads of the original rides on the worded error)
    wrapped.incompatible_input = getattr(err, 'incompatible_input', False)
    wrapped.graph_refused = getattr(err, 'graph_refused', False)
    for note in getattr(err, '__notes__', ()):
        wrapped.add_note(note)
    return wrapped


def _keras_infers_by_calling(layer):
    """Whether Keras would run the call to find the outputs: a user's Layer (or Model) subclass that
    defines neither compute_output_shape nor compute_output_spec, on no built-in layer class."""
    from ..layer import Layer
    from ..model import Model
    transparent = set(Model.__mro__[:Model.__mro__.index(Layer)])
    for cls in type(layer).__mro__:
        if cls is Layer:
            return True
        if cls in transparent:
            continue
        if cls.__module__.split('.')[0] in ('layers', 'framework') or \
                'compute_output_shape' in vars(cls) or 'compute_output_spec' in vars(cls):
            return False
    return False


def lambda_inference_error(layer, inputs, args, kwargs, cause):
    """Keras 3's Lambda turns any error of its inference run into this NotImplementedError (a bare
    except there), listing the symbolic call's arguments, ``mask`` among them (Keras fills it in).
    The KerasTensors it made of the inputs have taken their names (keras_tensor_N) by then."""
    for _ in nest.flatten(inputs):
        naming.unique_name('keras_tensor')
    if 'mask' not in kwargs:
        # (one per tensor of a list: [y, x] shows ['None', 'None'])
        kwargs = dict(kwargs, mask=nest.map_structure(lambda t: t._mask if type(t) is KerasTensor else None, inputs))
    error = symbolic_call_error(NotImplementedError(
        "We could not automatically infer the shape of the Lambda's output. Please specify the "
        "`output_shape` argument for this Lambda layer."), layer, (inputs,) + tuple(args), kwargs)
    # Keras hides the cause; a note keeps it (str(error) stays Keras's): what failed on the stand-ins
    text = str(cause)
    if '\x1b[1m' in text:              # the layer's own call error: its bold message is the cause's
        text = text.split('\x1b[1m', 1)[1].split('\x1b[0m', 1)[0]
    error.add_note('The function failed on %s stand-ins of the inputs (as Keras 3 runs it): %s: %s'
                   % (layer.compute_dtype, type(cause).__name__, text.strip().split('\n')[0][:300]))
    return error


def as_keras_lambda_infers(layer, inputs, concrete):
    """Keras 3's Lambda without output_shape infers it by running its function on new KerasTensors,
    one per input, whose outputs are KerasTensors too: those take the next names (keras_tensor_N) before
    the layer's outputs do. Its outputs have the layer's compute dtype (a cast inside does not show)."""
    for _ in range(len(nest.flatten(inputs)) + len(nest.flatten(concrete))):
        naming.unique_name('keras_tensor')
    return layer._symbolic_dtype()
