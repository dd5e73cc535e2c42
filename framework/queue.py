"""``tf.queue``: FIFOQueue, PaddingFIFOQueue, RandomShuffleQueue and PriorityQueue, with TensorFlow's
eager semantics: an element is a tuple of tensors (one per dtype, or a dict when the queue has
names); ``enqueue`` blocks while the queue is full and ``dequeue`` while it holds too few, so other
threads can feed or drain it; a closed queue refuses enqueues (CancelledError) and, once it runs
short, dequeues (OutOfRangeError), with TensorFlow's texts.

RandomShuffleQueue draws with numpy's generator (seeded by ``seed``): the order is random as
TensorFlow's is, not TensorFlow's own order.
"""
import itertools
import threading

import numpy as np

from . import backend, dtypes
from .errors import CancelledError, OutOfRangeError, kernel_error
from .tensor import Tensor, constant, convert_to_tensor
from .tensor_shape import TensorShape

_ids = itertools.count(1)


def _shape_list(shapes, count):
    if shapes is None:
        return [TensorShape(None)] * count
    shapes = list(shapes)
    if count == 1 and (not shapes or not isinstance(shapes[0], (list, tuple, TensorShape))):
        shapes = [shapes]       # one component: shapes may be that component's shape
    return [TensorShape(s) for s in shapes]


def _compatible(value_shape, shape):
    if shape.rank is None:
        return True
    return len(value_shape) == len(shape) and all(d is None or d == v for v, d in zip(value_shape, shape))


class QueueBase:
    """The base of TensorFlow's queues: elements of ``len(dtypes)`` components, up to ``capacity`` of them."""
    _kind = 'Queue'

    def __init__(self, capacity, dtypes_, shapes=None, names=None, name='queue', needs_shapes=True):
        self._dtypes = [dtypes.as_dtype(d) for d in (dtypes_ if isinstance(dtypes_, (list, tuple)) else [dtypes_])]
        if shapes is not None:
            given = list(shapes)
            if len(self._dtypes) > 1 or (given and isinstance(given[0], (list, tuple, TensorShape))):
                if len(given) != len(self._dtypes):
                    types = ', '.join(d.name.replace('float32', 'float') for d in self._dtypes)
                    raise kernel_error('FIFOQueueV2', 'Different number of component types.  Types: %s, Shapes: %s'
                                       % (types, [list(s) for s in given]), named=name)
        self._shapes = _shape_list(shapes, len(self._dtypes))
        if names is not None:
            names = list(names) if isinstance(names, (list, tuple)) else [names]
            if len(names) != len(self._dtypes):
                raise ValueError('List of names must have the same length as the list of dtypes, received '
                                 'len(names)=%d,len(dtypes)=%d' % (len(names), len(self._dtypes)))
        self._names = names
        self._capacity = int(capacity)
        self._id = next(_ids)
        self._items = []
        self._closed = False
        self._cancelled = False
        self._condition = threading.Condition()

    # -- what TensorFlow's queue objects show ----------------------------------------------------------
    @property
    def name(self):
        return 'Empty'          # TensorFlow's eager queue_ref.op.name

    @property
    def dtypes(self):
        return list(self._dtypes)

    @property
    def shapes(self):
        return list(self._shapes)

    @property
    def names(self):
        return self._names

    @property
    def queue_ref(self):
        return constant(self._id, dtype='int64')

    @staticmethod
    def from_list(index, queues):
        """A queue that stands for ``queues[index]`` (they must share dtypes)."""
        return queues[int(getattr(index, 'numpy', lambda: index)())]

    def size(self, name=None):
        with self._condition:
            return constant(len(self._items), dtype='int32')

    def is_closed(self, name=None):
        return constant(self._closed)

    def close(self, cancel_pending_enqueues=False, name=None):
        """Refuse further enqueues; dequeues drain what is left, then raise OutOfRangeError."""
        with self._condition:
            self._closed = True
            self._cancelled = self._cancelled or bool(cancel_pending_enqueues)
            self._condition.notify_all()

    # -- enqueue --------------------------------------------------------------------------------
    def _components(self, vals):
        if self._names is not None:
            if not isinstance(vals, dict):
                raise ValueError('You must enqueue a dictionary in a Queue with names')
            if sorted(vals) != sorted(self._names):
                raise ValueError('Keys in dictionary to enqueue do not match names of Queue.  Dictionary: (%s),'
                                 'Queue: (%s)' % (sorted(vals), sorted(self._names)))
            vals = [vals[k] for k in self._names]
        elif isinstance(vals, dict):
            raise ValueError('Queue must have names to enqueue a dictionary')
        if not isinstance(vals, (list, tuple)):
            vals = [vals]
        if len(vals) < len(self._dtypes):
            raise ValueError('Expected %d components, got %d' % (len(self._dtypes), len(vals)))
        # extra values are dropped as TensorFlow's zip drops them: enqueue([1., 2.]) is component 1.
        return [convert_to_tensor(v, dtype=d) for v, d in zip(vals, self._dtypes)]

    def _closed_error(self, kernel):
        text = kernel_error(kernel, "%s '%d' is closed." % (self._kind, self._id), named=True,
                            node='%s_Tcomponents_%d' % (kernel, len(self._dtypes)))
        return CancelledError(None, None, str(text))

    def _put(self, elements, kernel):
        with self._condition:
            for element in elements:
                while not self._closed and len(self._items) >= self._capacity:
                    self._condition.wait()
                if self._closed:
                    raise self._closed_error(kernel)
                self._insert(element)
                self._condition.notify_all()

    def _insert(self, element):
        self._items.append(element)

    def enqueue(self, vals, name=None):
        """Add one element (a tensor, a tuple of them, or a dict for a queue with names)."""
        parts = self._components(vals)
        for t, shape in zip(parts, self._shapes):
            if not _compatible(t.shape, shape):
                raise ValueError('Shapes %s and %s are incompatible' % (TensorShape(t.shape), shape))
        self._put([tuple(backend.to_host(t._data) for t in parts)], 'QueueEnqueueV2')

    def enqueue_many(self, vals, name=None):
        """Add the elements along the first axis of ``vals``' components."""
        parts = self._components(vals)
        for t, shape in zip(parts, self._shapes):
            if t.ndim == 0 or not _compatible(t.shape[1:], shape):
                raise ValueError('Shapes %s and %s are incompatible' % (TensorShape(t.shape[1:] if t.ndim else ()),
                                                                        shape))
        counts = {t.shape[0] for t in parts}
        if len(counts) > 1:
            raise ValueError('Dimension 0 in all components must be equal, got %s' % sorted(counts))
        arrays = [backend.to_host(t._data) for t in parts]
        self._put([tuple(a[i] for a in arrays) for i in range(counts.pop())], 'QueueEnqueueManyV2')

    # -- dequeue --------------------------------------------------------------------------------
    def _take(self, count):
        out, self._items = self._items[:count], self._items[count:]
        return out

    def _ready(self, count):
        return len(self._items) >= count

    def _get(self, count, kernel, up_to=False):
        with self._condition:
            while not self._closed and not self._ready(count):
                self._condition.wait()
            available = len(self._items)
            if available < count and (not up_to or available == 0):
                raise OutOfRangeError(None, None, str(kernel_error(
                    kernel, "%s '%d' is closed and has insufficient elements (requested %d, current size %d)"
                    % (self._kind, self._id, count, available), named='Empty_' + kernel[5:-2],
                    node='%s_component_types_%d' % (kernel, len(self._dtypes)))))
            taken = self._take(min(count, available))
            self._condition.notify_all()
            return taken

    def _result(self, components):
        tensors = [Tensor(backend.place(np.asarray(c))) if not isinstance(c, Tensor) else c for c in components]
        if self._names is not None:
            return dict(zip(self._names, tensors))
        return tensors[0] if len(tensors) == 1 else tensors

    def dequeue(self, name=None):
        """Remove and return one element."""
        (element,) = self._get(1, 'QueueDequeueV2')
        return self._result([np.asarray(c, dtype=self._numpy(i)) for i, c in enumerate(element)])

    def _numpy(self, i):
        return object if self._dtypes[i].name == 'string' else dtypes.numpy_dtype(self._dtypes[i])

    def _require_shapes(self, kernel):
        if not all(s.is_fully_defined() for s in self._shapes):
            raise kernel_error(kernel, "%s's DequeueMany and DequeueUpTo require the components to have specified "
                               "shapes." % self._kind, named='Empty_Dequeue',
                               node='%s_component_types_%d' % (kernel, len(self._dtypes)))

    def _batch(self, elements):
        return self._result([np.stack([np.asarray(e[i], dtype=self._numpy(i)) for e in elements])
                             if elements else np.zeros([0] + list(self._shapes[i]), self._numpy(i))
                             for i in range(len(self._dtypes))])

    def dequeue_many(self, n, name=None):
        """Remove ``n`` elements and return them stacked (waits for ``n``)."""
        self._require_shapes('QueueDequeueManyV2')
        return self._batch(self._get(int(n), 'QueueDequeueManyV2'))

    def dequeue_up_to(self, n, name=None):
        """As ``dequeue_many``, but a closed queue gives what it has left (at least one)."""
        self._require_shapes('QueueDequeueUpToV2')
        return self._batch(self._get(int(n), 'QueueDequeueUpToV2', up_to=True))


class FIFOQueue(QueueBase):
    """Elements come out in the order they went in."""
    _kind = 'FIFOQueue'

    def __init__(self, capacity, dtypes, shapes=None, names=None, shared_name=None, name='fifo_queue'):
        super().__init__(capacity, dtypes, shapes, names, name)


class PaddingFIFOQueue(QueueBase):
    """A FIFOQueue whose ``dequeue_many`` pads each component to the batch's largest shape (zeros, b'')."""
    _kind = 'PaddingFIFOQueue'

    def __init__(self, capacity, dtypes, shapes, names=None, shared_name=None, name='padding_fifo_queue'):
        super().__init__(capacity, dtypes, shapes, names, name)

    def _require_shapes(self, kernel):
        if any(s.rank is None for s in self._shapes):
            raise kernel_error(kernel, "%s's DequeueMany and DequeueUpTo require the components to have specified "
                               "ranks." % self._kind, named='Empty_Dequeue')

    def _batch(self, elements):
        out = []
        for i in range(len(self._dtypes)):
            parts = [np.asarray(e[i], dtype=self._numpy(i)) for e in elements]
            widest = np.max([p.shape for p in parts], axis=0) if parts else [0] * self._shapes[i].rank
            batch = np.full([len(parts)] + list(widest), b'' if self._numpy(i) is object else 0, self._numpy(i))
            for row, part in zip(batch, parts):
                row[tuple(slice(0, d) for d in part.shape)] = part
            out.append(batch)
        return self._result(out)


class RandomShuffleQueue(QueueBase):
    """Elements come out in random order; dequeues wait until more than ``min_after_dequeue`` stay behind
    (unless the queue is closed)."""
    _kind = 'RandomShuffleQueue'

    def __init__(self, capacity, min_after_dequeue, dtypes, shapes=None, names=None, seed=None, shared_name=None,
                 name='random_shuffle_queue'):
        super().__init__(capacity, dtypes, shapes, names, name)
        self._min_after_dequeue = int(min_after_dequeue)
        self._random = np.random.RandomState(seed)

    def _ready(self, count):
        return len(self._items) - count >= self._min_after_dequeue

    def _take(self, count):
        out = []
        for _ in range(count):
            i = self._random.randint(len(self._items))
            self._items[i], self._items[-1] = self._items[-1], self._items[i]
            out.append(self._items.pop())
        return out


class PriorityQueue(QueueBase):
    """Elements come out lowest priority first: the first component of each is its int64 priority."""
    _kind = 'PriorityQueue'

    def __init__(self, capacity, types, shapes=None, names=None, shared_name=None, name='priority_queue'):
        types = list(types) if isinstance(types, (list, tuple)) else [types]
        shapes = None if shapes is None else [[]] + [list(s) for s in shapes]
        super().__init__(capacity, ['int64'] + types, shapes, names, name)
        if shapes is None:
            self._shapes[0] = TensorShape([])
        self._order = itertools.count()

    def _insert(self, element):
        key = (int(element[0]), next(self._order))
        position = next((i for i, (k, _) in enumerate(self._items) if k > key), len(self._items))
        self._items.insert(position, (key, element))

    def _take(self, count):
        out, self._items = self._items[:count], self._items[count:]
        return [element for _, element in out]
