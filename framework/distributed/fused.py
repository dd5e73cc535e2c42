"""FusedBuffer: many arrays packed into one contiguous buffer per dtype.

One collective on one large buffer costs one latency instead of one per
array (a model has tens of weight arrays, each step all of their gradients).
The buffers are made once for a layout (shapes, dtypes, host or GPU) and
reused while the layout holds, so a training step allocates nothing.
"""
import numpy as np

from framework import backend


def _place(array):
    return 'gpu%d' % array.device.id if backend.is_device_array(array) else 'host'


def layout_of(arrays):
    """What the buffers depend on: (host or which GPU, dtype, shape) per array, in order."""
    return tuple((_place(a), a.dtype.str, tuple(a.shape)) for a in arrays)


class FusedBuffer:
    """Flat buffers for ``arrays``' layout: one per (host or GPU, dtype), in first-seen order,
    each where its arrays are.

    ``pack(arrays)`` copies arrays in, ``buffers`` are what a collective works on
    in place, ``views()`` are the arrays again, as views of the buffers (no copy).
    """

    def __init__(self, arrays):
        self.layout = layout_of(arrays)
        self.buffers = []
        self._places = []          # per array: (buffer index, offset, size, shape)
        starts = {}                # (where, dtype) -> [buffer index, elements so far]
        for array, (where, dtype, shape) in zip(arrays, self.layout):
            group = starts.setdefault((where, dtype), [len(starts), 0])
            self._places.append((group[0], group[1], int(array.size), shape))
            group[1] += int(array.size)
        for (where, dtype), (index, total) in sorted(starts.items(), key=lambda item: item[1][0]):
            sample = next(a for a, (w, d, _) in zip(arrays, self.layout) if (w, d) == (where, dtype))
            self.buffers.append(_empty_beside(sample, total))

    def matches(self, arrays):
        return layout_of(arrays) == self.layout

    def pack(self, arrays, scale=None):
        """Copy ``arrays`` into the buffers, multiplied by ``scale`` if given (in the same pass)."""
        for array, (index, offset, count, _) in zip(arrays, self._places):
            place = self.buffers[index][offset:offset + count]
            if scale is None:
                place[...] = array.reshape(-1)
            else:
                backend.array_module(place).multiply(array.reshape(-1), scale, out=place)

    def views(self):
        return [self.buffers[index][offset:offset + count].reshape(shape)
                for index, offset, count, shape in self._places]


def _empty_beside(sample, total):
    """An empty 1-D array of ``total`` elements of ``sample``'s dtype, on ``sample``'s device."""
    if backend.is_device_array(sample):
        with sample.device:
            return backend.array_module(sample).empty(total, dtype=sample.dtype)
    return np.empty(total, dtype=sample.dtype)
