"""A layer's output shapes and specs found without data, as Keras 3 gives them: ``compute_output_shape``
(the base class runs ``call`` on zeros), ``compute_output_spec`` / ``symbolic_call`` (KerasTensors), and the
build of a saved subclassed model by running its call (``_build_by_running_call``).
"""
import contextlib

from framework import dtypes, nest, trace_names, traced_ops
from framework.backend import array_module
from framework.function import replaying
from framework.graph_scopes import GraphScopes
from framework.placement import current_xp
from framework.tape import paused
from framework.tensor import Tensor

from . import autocast as autocasting, call_context
from .output_spec import output_spec

_SHOWN_ONCE = contextlib.nullcontext()


class LayerOutputShapes:
    """The output-shape methods of Layer (a base class of it)."""

    def compute_output_shape(self, input_shape):
        """The output shape for ``input_shape``. The base class finds it by
        running ``call`` on zeros (None dimensions as 1), with tapes paused; where
        axes past the batch are None, a second run with them 2 long finds the
        output axes that follow them, which are None too (as Keras's trace gives).

        Raises:
            NotImplementedError: several input shapes (a list or dict of them): Keras 3's base class raises
                it for any shape, with these words; tapeflow infers a single input's.
        """
        shape = () if isinstance(input_shape, dict) else tuple(input_shape)
        if isinstance(input_shape, dict) or any(isinstance(d, (tuple, list)) for d in shape):
            raise NotImplementedError('Layer %s does not have a `compute_output_shape` method implemented. Should '
                                      'implement `def compute_output_shape(self, input_shape)`.' % type(self).__name__)
        out_shape = self._output_shape_on_zeros(shape, 1)
        longer = None
        if None in shape[1:]:
            try:
                longer = self._output_shape_on_zeros(shape, 2)
            except Exception:       # noqa: BLE001 -- a call that only works at length 1: keep what it gave
                pass
        if isinstance(out_shape, _SeveralShapes):
            # a call returning several tensors (a dict or list of them): each one's shape, in that structure
            # (Keras 3's compute_output_spec of such a layer, a TFSMLayer's signature endpoint, gives a dict)
            others = longer.shapes if isinstance(longer, _SeveralShapes) and \
                len(longer.shapes) == len(out_shape.shapes) else out_shape.shapes
            return nest.pack_sequence_as(out_shape.structure, [_merged(shape, one, other) for one, other
                                                               in zip(out_shape.shapes, others)])
        return _merged(shape, out_shape, longer if isinstance(longer, tuple) else out_shape)

    def compute_output_spec(self, *args, **kwargs):
        """The KerasTensor(s) a call on the KerasTensors ``args`` would return (Keras 3): their shape
        from ``compute_output_shape``, their dtype the compute dtype (see ``output_spec``)."""
        return output_spec(self, args, kwargs)

    compute_output_spec.keras_default = True     # a symbolic call asks a subclass's own (symbolic_call.py)

    def symbolic_call(self, *args, **kwargs):
        """``compute_output_spec(*args, **kwargs)``, as Keras 3's (which adds no node to a graph)."""
        return self.compute_output_spec(*args, **kwargs)

    def _build_by_running_call(self, shape):
        """Build a model whose class has no ``build`` of its own by running ``call`` on zeros of
        ``shape``, as Keras 3's ``build_from_config`` does when a saved subclassed model is loaded.
        Keras runs ``self.call``, not ``self(...)``, so the model's name is no part of the paths of
        the weights its sublayers make then ('hidden/kernel', where a first real call gives
        'cm/hidden/kernel'); the optimizer's slot names follow them."""
        return self._output_shape_on_zeros(tuple(shape), 1, named=False)

    def _output_shape_on_zeros(self, shape, inner_length, named=True):
        """The shape of ``call`` on zeros of ``shape``: None as 1 for the batch, ``inner_length`` past
        it; with ``named`` False the layer is not among the layers enclosing its sublayers' builds."""
        weights = self.weights
        xp = array_module(weights[0]._data) if weights else current_xp()   # on the weights' device
        compute = self._dtype if self._compute is None else self._compute
        zeros = Tensor(xp.zeros(tuple((1 if i == 0 else inner_length) if d is None else d
                                      for i, d in enumerate(shape)), compute))
        # Fresh loss lists for the zeros' call, the old ones put back: the zeros' losses must not
        # stay in ``losses`` (a Sequential model builds through here).
        saved = [(each, each._losses) for each in self._flatten_layers()]
        for each, _ in saved:
            each._losses = []
        # A print in call shows Keras's placeholder, once: the run that finds the free axes is muted.
        placeholder = {id(zeros): ('Placeholder', shape, dtypes.display_name(zeros._data.dtype))}
        batch = (1, True) if shape and shape[0] is None else None
        try:
            enclosing = call_context.scope(self, False) if named else contextlib.nullcontext()
            with paused(), enclosing, call_context.probe(), \
                    (replaying() if inner_length != 1 else contextlib.nullcontext()):
                if not self.built:
                    self._build_for(zeros)
                with trace_names.naming(placeholder, batch, len(call_context.enclosing_names(self)) + 1,
                                        ops=GraphScopes()), traced_ops.hooked(), \
                        (autocasting.weights_as(self, self._compute) if self._compute is not None else _SHOWN_ONCE):
                    out = self.call(zeros)
        finally:
            for each, losses in saved:
                each._losses = losses
        if hasattr(out, 'shape'):
            return tuple(out.shape)
        return _SeveralShapes(out)


class _SeveralShapes:
    """The shapes of a call's several outputs: ``structure`` as the call returned them, ``shapes`` flat."""

    def __init__(self, outputs):
        self.structure = outputs
        self.shapes = [tuple(t.shape) for t in nest.flatten(outputs)]


def _merged(shape, out_shape, longer):
    """``out_shape`` with the axes that changed between the runs on lengths 1 and 2 (``longer``) open,
    and an open batch where the input's is."""
    out_shape = tuple(out_shape)
    if len(longer) == len(out_shape):
        out_shape = tuple(None if m != n else m for m, n in zip(out_shape, longer))
    if shape and out_shape and shape[0] is None:
        out_shape = (None,) + out_shape[1:]
    return out_shape
