"""DistributedOptimizer: any optimizer, with its gradients averaged over all ranks.

Each step packs every gradient, divided by the number of ranks, into one
contiguous buffer (one per dtype), sums it across ranks with ONE in-place
allreduce, and hands views of the buffer to the wrapped optimizer's own
update. Every rank then applies the same averaged gradient to the same
weights, so the weights stay bitwise equal.

The wrapper is a subclass of the optimizer's class, made once per class and
named like it: ``isinstance`` checks, ``get_config``, serialization (which
records 'Adam', not a wrapper) and attribute writes (a learning-rate callback)
all behave as for the optimizer itself.
"""
import math

from framework.indexed_slices import IndexedSlices
from framework.tensor import Tensor, convert_to_tensor
from . import collectives, world
from .fused import FusedBuffer

_classes = {}      # optimizer class -> its averaging subclass


class AveragedGradients:
    """Mixed in before an optimizer class: ``apply`` (and so ``apply_gradients``
    and ``minimize``) first averages the gradients over all ranks."""

    _fused = None

    def apply(self, grads, trainable_variables=None):
        return super().apply(self.average_gradients(list(grads)), trainable_variables)

    def average_gradients(self, grads):
        """``grads`` (Tensors, arrays, IndexedSlices or None) averaged over all ranks; None stays
        None and an IndexedSlices comes back dense (its rows summed).

        Raises:
            ValueError: ranks hold different gradient layouts (checked when the layout changes).
        """
        if world.size() == 1:
            return grads
        present = [i for i, g in enumerate(grads) if g is not None]
        arrays = [_raw(grads[i]) for i in present]
        if not arrays:
            return grads
        if self._fused is None or not self._fused.matches(arrays):
            self._fused = FusedBuffer(arrays)
            check_same_layout(self._fused.layout, 'DistributedOptimizer: the gradients')
        # Scaled by 1/size while packing, then summed: the mean without a second pass over the buffer.
        self._fused.pack(arrays, scale=1.0 / world.size())
        for buffer in self._fused.buffers:
            collectives.allreduce_in_place(buffer, 'sum')
        averaged = list(grads)
        for i, view in zip(present, self._fused.views()):
            averaged[i] = view
        return averaged


def _raw(grad):
    if isinstance(grad, IndexedSlices):
        # Ranks gather different rows (and different counts of them), so the rows cannot share
        # one fused buffer; summed into the dense gradient they can, as Horovod's sparse_as_dense.
        grad = convert_to_tensor(grad)
    data = grad._data if isinstance(grad, Tensor) else grad
    if not (hasattr(data, 'dtype') and hasattr(data, 'reshape')):
        raise TypeError('DistributedOptimizer: a gradient must be a Tensor or an array, got %s'
                        % type(grad).__name__)
    return data


def check_same_layout(layout, what):
    """Raise on every rank unless all ranks hold ``layout`` (from ``fused.layout_of``)."""
    layouts = collectives.allgather_object(layout)
    if any(other != layout for other in layouts):
        described = ['rank %d: %d arrays, %d values' % (r, len(lay), sum(math.prod(shape) for _, _, shape in lay))
                     for r, lay in enumerate(layouts)]
        first = next((i for i, (a, b) in enumerate(zip(*layouts)) if len(set((a, b))) > 1), None)
        raise ValueError('%s differ between ranks (%s)%s; every rank must build the same model'
                         % (what, ', '.join(described),
                            '' if first is None else '; the first difference is at array %d' % first))


def DistributedOptimizer(optimizer):
    """``optimizer``, averaging its gradients over all ranks before each update (Horovod's name).

    Returns a new optimizer of a subclass of ``type(optimizer)`` that takes over
    ``optimizer``'s configuration and state (its slots and iteration count are
    shared, not copied: use the returned one from then on); an optimizer that is
    already distributed is returned as it is.
    Raises:
        TypeError: ``optimizer`` has no ``apply(grads, trainable_variables)``.
    """
    if isinstance(optimizer, AveragedGradients):
        return optimizer
    if not callable(getattr(optimizer, 'apply', None)):
        raise TypeError('DistributedOptimizer: expected an optimizer (with apply_gradients / apply), got %s'
                        % type(optimizer).__name__)
    cls = type(optimizer)
    if cls not in _classes:
        _classes[cls] = type(cls.__name__, (AveragedGradients, cls),
                             {'__module__': cls.__module__, '__qualname__': cls.__qualname__,
                              '__doc__': cls.__doc__})
    distributed = object.__new__(_classes[cls])
    distributed.__dict__.update(optimizer.__dict__)
    return distributed
