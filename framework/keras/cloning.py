"""``keras.models.clone_model``: the same architecture with new weights (Keras 3's rules).

A Sequential gets each layer through ``clone_function`` (default: a new layer
from the layer's config); a functional model is called anew on fresh Inputs,
layer by layer in its graph's order, each layer replaced by its clone (a
shared layer is cloned once); any other model is rebuilt from its config.
A compiled model's clone is compiled with the same arguments, with new
optimizer, loss and metric objects.
"""
import inspect

from framework import nest
from framework.errors import noted


def clone_model(model, input_tensors=None, clone_function=None, call_function=None, recursive=False, **kwargs):
    """A new model like ``model``, with freshly initialized weights.

    Args:
        model: a Sequential, functional or subclassed Model.
        input_tensors: KerasTensors to call the clone on (Sequential and functional only).
        clone_function: ``fn(layer) -> layer`` applied to every non-input layer; ``lambda l: l``
            shares the layers (and so the weights).
        call_function: ``fn(layer, *args, **kwargs)`` that calls each cloned layer (functional only).
        recursive: also clone the layers of nested Sequential / functional models with ``clone_function``.
    Anything else (a subclassed model, a layer, any Keras object or plain value) is rebuilt from
    ``serialize_keras_object``'s config, as Keras 3 does (``clone_model(Dense(3))`` is a new Dense).

    Raises:
        ValueError: unknown keywords; clone_function / input_tensors with a subclassed model, or
            call_function with anything but a functional model (Keras 3's texts).
    """
    from layers.functional.functional_model import Functional
    from layers.sequential import Sequential
    cache = kwargs.pop('cache', None)
    if kwargs:
        raise ValueError('Unexpected keyword argument(s): %s' % (tuple(kwargs),))     # Keras 3's words
    if isinstance(model, (Sequential, Functional)):
        clone = _wrap_clone_function(clone_function, call_function, recursive, {} if cache is None else cache)
        if isinstance(model, Sequential):
            if call_function is not None:       # Keras 3's words (its call_function= shows the clone function)
                raise ValueError("`call_function` argument is not supported with Sequential models.  In a Sequential "
                                 "model, layers aren't called at model-construction time (they're merely listed). "
                                 "Use `call_function` with Functional models only. Received model of type '%s', "
                                 "with call_function=%s" % (type(model).__name__, clone))
            new = _clone_sequential(model, clone, input_tensors)
        else:
            new = _clone_functional(model, clone, input_tensors, call_function)
        return _compile_like(model, new)
    # Keras 3 tests truth values here: input_tensors=[] passes, a lone KerasTensor raises its TypeError
    # "A symbolic KerasTensor cannot be used as a boolean."; its call_function text shows clone_function
    if clone_function or input_tensors:
        raise ValueError("Arguments `clone_function` and `input_tensors` are only supported for Sequential models "
                         "or Functional models. Received model of type '%s', with clone_function=%s and "
                         "input_tensors=%s" % (type(model).__name__, clone_function, input_tensors))
    if call_function is not None:
        raise ValueError("Argument `call_function` is only supported for Functional models. Received model of "
                         "type '%s', with call_function=%s" % (type(model).__name__, clone_function))
    from .object_serialization import deserialize_keras_object, serialize_keras_object
    return deserialize_keras_object(serialize_keras_object(model),
                                    custom_objects={type(model).__name__: type(model)})


def _clone_layer(layer):
    return type(layer).from_config(layer.get_config())


def _wrap_clone_function(clone_function, call_function, recursive, cache):
    """``clone_function`` (default: a layer from its config) called once per layer, recursing into nested
    models with ``recursive``. Named as Keras 3 names it: its errors show the wrapper."""
    from layers.functional.functional_model import Functional
    from layers.sequential import Sequential
    clone_function = clone_function or _clone_layer
    if not callable(clone_function):      # Keras 3 calls it: TypeError "'int' object is not callable"
        raise noted(TypeError("'%s' object is not callable" % type(clone_function).__name__),
                    'clone_model: expected clone_function to be a callable, got %r' % (clone_function,))

    def wrapped_clone_function(layer):
        if id(layer) not in cache:
            if recursive and isinstance(layer, (Sequential, Functional)):
                cache[id(layer)] = clone_model(layer, clone_function=clone_function, recursive=True, cache=cache,
                                               call_function=call_function if isinstance(layer, Functional) else None)
            else:
                cache[id(layer)] = clone_function(layer)
        return cache[id(layer)]
    return wrapped_clone_function


def _clone_sequential(model, clone, input_tensors):
    from layers.functional.keras_tensor import KerasTensor
    from layers.input_layer import Input
    from layers.sequential import Sequential
    new_layers = [clone(layer) for layer in model.layers]
    source = model._input_layer
    if input_tensors is not None:
        if isinstance(input_tensors, (list, tuple)):
            if len(input_tensors) != 1:      # Keras 3's words; the count in a note
                raise noted(ValueError('Argument `input_tensors` must contain a single tensor.'),
                            'clone_model: a Sequential model takes one input tensor, got %d' % len(input_tensors))
            input_tensors = input_tensors[0]
        if not isinstance(input_tensors, KerasTensor):      # Keras 3's f-string words
            raise noted(ValueError('Argument `input_tensors` must be a KerasTensor. Received invalid value: '
                                   'input_tensors=%s' % format(input_tensors)),
                        'clone_model: pass a keras.Input as input_tensors')
        new_layers = [Input(tensor=input_tensors, name=source.name if source is not None else None)] + new_layers
    elif source is not None:
        new_layers = [Input(batch_shape=source.batch_shape, dtype=source.dtype, name=source.name)] + new_layers
    return Sequential(new_layers, name=model.name, trainable=model.trainable)


def _clone_functional(model, clone, input_tensors, call_function):
    from layers.functional.functional_model import Functional
    from layers.functional.keras_tensor import KerasTensor
    from layers.functional.node import inbound_nodes
    from layers.functional.operation import Operation
    from layers.input_layer import Input
    if input_tensors is None:
        input_tensors = nest.map_structure(lambda x: Input(batch_shape=x.shape, dtype=x.dtype, name=x.name),
                                           model.input)
    else:
        if not all(isinstance(x, KerasTensor) for x in nest.flatten(input_tensors)):     # Keras 3's words
            raise noted(ValueError('All entries in `input_tensors` must be KerasTensors. Received invalid values: '
                                   'inputs_tensors=%s' % format(input_tensors)),
                        'clone_model: pass keras.Input tensors as input_tensors')
        try:
            nest.assert_same_structure(input_tensors, model.input, check_types=True)
        except (TypeError, ValueError) as err:      # Keras 3 compares the nesting and its types (a list is no tuple)
            raise noted(ValueError('`input_tensors` must have the same structure as model.input\nReference '
                                   'structure: %s\nReceived structure: %s' % (format(model.input),
                                                                              format(input_tensors))),
                        'clone_model: pass input_tensors nested as model.input is (%s of %d tensors), got a %s'
                        % (type(model.input).__name__, len(model.inputs), type(input_tensors).__name__)) from err
    values = dict(zip(model.inputs, nest.flatten(input_tensors)))
    for node in model._graph.steps:
        args, kwargs = node.fill_in(values)
        if isinstance(node.layer, Operation):        # a keras.ops call: no weights, called again as it is (Keras)
            values.update(zip(node.outputs, nest.flatten(node.layer(*args, **kwargs))))
            continue
        layer = clone(node.layer)
        if not callable(layer):     # Keras 3 calls what clone_function returned
            raise noted(TypeError("'%s' object is not callable" % type(layer).__name__),
                        'clone_model: clone_function returned %r for the layer %r' % (layer, node.layer.name))
        made = len(inbound_nodes(layer))
        out = call_function(layer, *args, **kwargs) if call_function is not None else layer(*args, **kwargs)
        if node.keras_kwargs is not None and len(inbound_nodes(layer)) > made:
            # a call read from a file: Keras calls the clone with the arguments recorded there, so its
            # config repeats them (with the 'training': false this call drops)
            inbound_nodes(layer)[made].keras_kwargs = nest.map_structure(
                lambda x: values[x] if type(x) is KerasTensor else x, node.keras_kwargs)
        values.update(zip(node.outputs, nest.flatten(out)))
    outputs = nest.map_structure(lambda x: values[x], model.output)
    cls = type(model) if _functional_like_constructor(type(model), Functional) else Functional
    return cls(input_tensors, outputs, name=model.name)


def _functional_like_constructor(cls, functional):
    """Keras 3's test for cloning a functional model as its own class (a subclass with a train_step or a
    compile of its own): its __init__ takes Functional's arguments, or ``*args, **kwargs``."""
    spec = inspect.getfullargspec(cls.__init__)
    return (spec.args[1:] in (['inputs', 'outputs', 'name'], inspect.getfullargspec(functional.__init__).args[1:])
            or (spec.varargs is not None and spec.varkw is not None))


def _compile_like(model, new):
    if not getattr(model, 'compiled', False):
        return new
    # Keras 3's way: the clone compiles from the model's compile config, so it gets its own optimizer
    # of the same name ('adam', not 'adam_1') and metrics, and a built clone's optimizer is built
    # (TF 2.21: 6 variables for a Dense(1) under Adam; a weights file's optimizer state then loads)
    new.compile_from_config(model.get_compile_config())
    return new
