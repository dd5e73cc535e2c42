"""``Layer.compute_output_spec`` / ``symbolic_call``: the KerasTensor(s) a call would return, from
``compute_output_shape`` and the layer's compute dtype, as Keras 3's base Layer gives them (its
Operation traces ``call`` when the layer writes no compute_output_shape; tapeflow's base
compute_output_shape finds the shape by a run on zeros; an unbuilt layer with a build of its own is
not built for it, as Keras's trace does not build it)."""
import numpy as np

from framework import nest
from framework.tape import paused
from framework.tensor import Tensor

from .functional.keras_tensor import KerasTensor
from .model_output_spec import model_output_spec


def _shape_of(value):
    return value.shape if isinstance(value, KerasTensor) else value


def _is_shape(value):
    return isinstance(value, (tuple, list)) and all(d is None or isinstance(d, int) for d in value)


def output_spec(layer, args, kwargs):
    """KerasTensors shaped as ``layer.compute_output_shape`` answers for the KerasTensors (or shapes)
    in ``args`` / ``kwargs``, nested as its answer is (a list of shapes gives a list of tensors)."""
    spec = model_output_spec(layer, args, _shape_of)
    if spec is not None:
        return spec
    shapes = [nest.map_structure(_shape_of, arg) for arg in args]
    keyword_shapes = {key: nest.map_structure(_shape_of, value) for key, value in kwargs.items()
                      if any(isinstance(leaf, KerasTensor) for leaf in nest.flatten(value))}
    if not layer.built and _infers_by_running(layer):
        _run_unbuilt(layer, shapes)
    out = traced_output_shape(layer, *shapes, **keyword_shapes)
    dtype = layer._symbolic_dtype()
    if _is_shape(out):
        return KerasTensor(tuple(out), dtype=dtype)
    if not isinstance(out, (tuple, list, dict)):
        try:
            return KerasTensor(tuple(out), dtype=dtype)     # a TensorShape
        except TypeError:
            raise ValueError('Method `compute_output_shape()` of layer %s is returning a type that cannot be '
                             'interpreted as a shape. It should return a shape tuple. Received: %s'
                             % (type(layer).__name__, out)) from None
    return _map_shapes(out, dtype)


def _map_shapes(out, dtype):
    if _is_shape(out):
        return KerasTensor(tuple(out), dtype=dtype)
    if isinstance(out, dict):
        return {key: _map_shapes(value, dtype) for key, value in out.items()}
    return type(out)(_map_shapes(value, dtype) for value in out) if isinstance(out, (tuple, list)) \
        else KerasTensor(tuple(out), dtype=dtype)


def _infers_by_running(layer):
    """Whether the layer's output shape comes from running its call (no compute_output_shape of its own)
    and the layer builds weights first (a build of its own)."""
    from .layer import Layer
    cls = type(layer)
    return cls.compute_output_shape is Layer.compute_output_shape and cls.build is not Layer.build


def _run_unbuilt(layer, shapes):
    """Keras 3 traces ``call`` without building the layer, so a call reading weights its build makes fails:
    raise that error as Keras words it, rather than build the layer (which Keras leaves unbuilt)."""
    if len(shapes) != 1 or not _is_shape(shapes[0]):
        return
    zeros = Tensor(np.zeros(tuple(1 if d is None else d for d in shapes[0]), layer._compute_array_dtype()))
    try:
        with paused():
            layer.call(zeros)
    except Exception as err:        # noqa: BLE001 -- Keras rewords whatever the traced call raised
        name = type(layer).__name__
        raise type(err)("Could not automatically infer the output shape / dtype of '%s' (of type %s). Either the "
                        '`%s.call()` method is incorrect, or you need to implement the `%s.compute_output_spec() / '
                        'compute_output_shape()` method. Error encountered:\n\n%s'
                        % (layer.name, name, name, name, err)).with_traceback(err.__traceback__) from None


def traced_output_shape(layer, *shapes, **keyword_shapes):
    """The layer's output shape as Keras 3's compute_output_spec finds it: its own compute_output_shape, or, where
    that is one marked ``keras_default`` (Keras's base one, which raises: a TFSMLayer's), the shape a run of the
    call gives (Keras traces the call; tapeflow's base class runs it on zeros)."""
    method = type(layer).compute_output_shape
    if getattr(method, 'keras_default', False):
        from .layer_output_shapes import LayerOutputShapes     # it imports this module
        method = LayerOutputShapes.compute_output_shape
    return method(layer, *shapes, **keyword_shapes)
