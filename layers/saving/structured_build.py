"""Building a loaded model for its saved input shape (``build_for_shape``), a subclassed one by running
its ``call``, also where ``call`` takes several inputs in one argument.

Hands-On ML's WideAndDeepModel (``call(self, inputs)`` with ``input_wide, input_deep = inputs``)
saves ``build_config = {'input_shape': [[None, 5], [None, 8]]}``. Keras 3's
``Model.build_from_config`` maps that structure to KerasTensors (``tree.map_shape_structure``)
and runs ``call`` on them, so ``load_model`` and ``clone_model`` give a built model. tapeflow runs
``call`` on zeros, a None axis as 1, with tapes paused and random state untouched, as it does for
a single input shape (``Layer._build_by_running_call``).
"""
import contextlib
import warnings

from framework.placement import current_xp
from framework.tape import paused
from framework.tensor import Tensor

from .. import autocast, call_context
from ..layer import Layer


def is_shape_structure(shape):
    """Whether a saved ``input_shape`` holds several shapes (a list, tuple or dict of them)
    rather than one shape of ints and Nones."""
    if isinstance(shape, dict):
        return True
    return isinstance(shape, (list, tuple)) and any(isinstance(d, (list, tuple, dict)) for d in shape)


def _zeros_like_structure(shape, dtype, xp):
    if isinstance(shape, dict):
        return {key: _zeros_like_structure(one, dtype, xp) for key, one in shape.items()}
    if is_shape_structure(shape):
        return type(shape)(_zeros_like_structure(one, dtype, xp) for one in shape)
    return Tensor(xp.zeros(tuple(1 if d is None else d for d in shape), dtype))


def _leaf_shapes(shape):
    if isinstance(shape, dict):
        return [leaf for one in shape.values() for leaf in _leaf_shapes(one)]
    if is_shape_structure(shape):
        return [leaf for one in shape for leaf in _leaf_shapes(one)]
    return [shape]


def build_by_running_call_on_structure(model, shapes):
    """Build ``model`` (no ``build`` of its own) by running ``model.call`` on zeros shaped as the
    structure ``shapes``. Like Keras, the call is ``model.call``, not ``model(...)``: the model's
    name is no part of its sublayers' weight paths. Losses the call adds are dropped.
    Returns what the call returned."""
    batch_free = all(leaf and leaf[0] is None for leaf in _leaf_shapes(shapes))
    compute = model._dtype if model._compute is None else model._compute
    zeros = _zeros_like_structure(shapes, compute, current_xp())
    saved = [(each, each._losses) for each in model._flatten_layers()]
    for each, _ in saved:
        each._losses = []
    try:
        # with a None batch the sublayers record a None batch, as Keras's symbolic build
        with paused(), call_context.probe(batch_free), call_context.traced_step(batch_free):
            if not model.built:
                model._build_for(zeros)
            with autocast.weights_as(model, compute) if model._compute is not None else contextlib.nullcontext():
                return model.call(zeros)
    finally:
        for each, losses in saved:
            each._losses = losses


def name_build_run_tensors(shapes, outputs, outputs_count=None):
    """Take the names (keras_tensor_N) of the KerasTensors Keras 3's build run makes: one per input
    shape (``tree.map_shape_structure``), then one per tensor ``compute_output_spec`` returns; so
    unnamed tensors made after a load_model / model_from_json / clone_model of a subclassed model are
    numbered as in Keras."""
    from framework import nest
    from ..naming import unique_name
    if outputs_count is None:
        outputs_count = sum(isinstance(t, Tensor) for t in nest.flatten(outputs))
    for _ in range(len(_leaf_shapes(shapes)) + outputs_count):
        unique_name('keras_tensor')


def build_for_shape(model, shape, names_keras_tensors=False):
    """Build ``model`` for inputs of ``shape``, a subclassed model by running its call (with
    ``names_keras_tensors``, taking the KerasTensor names Keras's build_from_config run takes)."""
    # A Sequential builds each layer in turn; a subclassed model creates its
    # sublayers' weights only by running call, which compute_output_shape does
    # on zeros with tapes paused.
    if type(model).build is Layer.build and is_shape_structure(shape):
        # several inputs in call's one argument (a wide & deep model's [[None, 5], [None, 8]])
        outputs = build_by_running_call_on_structure(model, shape)
        model._build_input_shape = shape if isinstance(shape, dict) else list(shape)
        if names_keras_tensors:
            name_build_run_tensors(shape, outputs)
    elif type(model).build is Layer.build:
        # Keras builds symbolically: with a None batch in the saved shape, the sublayers record
        # a None batch (summary's '(None, 5, 3)'), not the zeros' 1
        with call_context.traced_step(bool(shape) and shape[0] is None):
            model._build_by_running_call(tuple(shape))
        # ... and the model keeps the saved shape ([None, 5]): saved again, it holds the same build config
        model._build_input_shape = list(shape)
        if names_keras_tensors:
            name_build_run_tensors(shape, None, outputs_count=1)     # _build_by_running_call makes one output
    else:
        build_own_way(model, shape)


def build_own_way(model, shape):
    """Keras 3's Model.build_from_config for a model with a ``build`` of its own: ``build(shape)`` with
    the shape as the file holds it (config.json's list: a build printing it shows [4, 3] on TF 2.21),
    and a build that raises is only warned about; deserialization then marks the model built anyway."""
    try:
        model.build(shape)
    except Exception:       # noqa: BLE001 -- Keras 3 catches everything here (a bare except)
        _warn_not_built(model, stacklevel=2)
        if model._build_input_shape is None:
            model._build_input_shape = shape        # Keras keeps the config: saved again, it says the same
    model.built = True


def build_model_from_config(model, config):
    """``Model.build_from_config`` called by a user, as Keras 3.15's: ``build(input_shape)`` (or
    ``build(**shapes_dict)``) for a model with its own build, else ``call`` run on the shapes, which
    creates the sublayers' weights but leaves the model itself unbuilt (TF 2.21: built False). Either
    failing is only warned about, at the caller's line; the config is kept for ``get_build_config``."""
    if not config:
        return
    own_build = type(model).build is not Layer.build
    built = False
    try:
        if 'input_shape' in config:
            shape = config['input_shape']
            if own_build:
                model.build(shape)
            else:
                with _left_unbuilt(model):
                    build_by_running_call_on_structure(model, shape)
            built = True
        elif 'shapes_dict' in config:
            shapes = config['shapes_dict']
            if own_build:
                model.build(**shapes)
                built = True
            elif all(not is_shape_structure(one) for one in shapes.values()):  # Keras runs plain shapes only
                with _left_unbuilt(model):
                    _run_call_on_keywords(model, shapes)
                built = True
    except Exception:       # noqa: BLE001 -- Keras 3 catches everything here (a bare except)
        pass
    if 'input_shape' in config:
        model._build_input_shape = config['input_shape']
    elif 'shapes_dict' in config:
        model.__dict__['_build_shapes_dict'] = config['shapes_dict']
    if not built:
        _warn_not_built(model, stacklevel=4)      # the line that called model.build_from_config


@contextlib.contextmanager
def _left_unbuilt(model):
    """Keras's symbolic run of call builds the sublayers, not the model."""
    was_built = model.built
    try:
        yield
    finally:
        model.built = was_built


def _run_call_on_keywords(model, shapes):
    zeros = {name[:-len('_shape')] if name.endswith('_shape') else name:
             _zeros_like_structure(shape, model._dtype if model._compute is None else model._compute, current_xp())
             for name, shape in shapes.items()}
    with paused(), call_context.probe(True), call_context.traced_step(True):
        model.call(**zeros)


def _warn_not_built(model, stacklevel):
    warnings.warn("Model '%s' had a build config, but the model cannot be built automatically in "
                  '`build_from_config(config)`. You should implement `def build_from_config(self, config)`, '
                  'and you might also want to implement the method  that generates the config at saving '
                  'time, `def get_build_config(self)`. The method `build_from_config()` is meant to create '
                  'the state of the model (i.e. its variables) upon deserialization.' % model.name,
                  stacklevel=stacklevel)
