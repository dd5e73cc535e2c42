"""tf.queue: FIFOQueue, PaddingFIFOQueue, RandomShuffleQueue, PriorityQueue with eager semantics.

Expected values and texts are TensorFlow 2.21's, printed by the same program under /opt/tfref/bin/python
(the queue number in TF's texts is its resource id; tapeflow numbers queues from 1)."""
import threading

import numpy as np
import pytest

import framework as tf
from framework.errors import CancelledError, InvalidArgumentError, OutOfRangeError


def test_fifo_queue_keeps_order_and_shapes():
    q = tf.queue.FIFOQueue(10, tf.float32, shapes=[2])
    assert (q.name, q.dtypes, q.shapes, q.names) == ('Empty', [tf.float32], [tf.TensorShape([2])], None)
    assert q.size().numpy() == 0 and not q.is_closed().numpy()
    q.enqueue(([1., 2.],))
    q.enqueue(tf.constant([7., 8.]))
    q.enqueue_many(([[3., 4.], [5., 6.]],))
    assert q.size().numpy() == 4
    assert q.dequeue().numpy().tolist() == [1., 2.]
    assert q.dequeue_many(2).numpy().tolist() == [[7., 8.], [3., 4.]]
    with pytest.raises(ValueError, match=r'^Shapes \(3,\) and \(2,\) are incompatible$'):
        q.enqueue(([1., 2., 3.],))
    with pytest.raises(ValueError, match=r'^Shapes \(\) and \(2,\) are incompatible$'):
        q.enqueue([1., 2.])         # a list is the element's components, as in TensorFlow


def test_named_components_and_closing():
    q = tf.queue.FIFOQueue(10, [tf.int32, tf.string], shapes=[[], []], names=['a', 'b'])
    q.enqueue({'a': 1, 'b': 'x'})
    with pytest.raises(ValueError, match='^You must enqueue a dictionary in a Queue with names$'):
        q.enqueue((1, 'x'))
    q.enqueue_many({'a': [2, 3], 'b': ['y', 'z']})
    first = q.dequeue()
    assert (first['a'].numpy(), first['b'].numpy()) == (1, b'x')
    q.close()
    assert q.is_closed().numpy()
    rest = q.dequeue_up_to(5)
    assert rest['a'].numpy().tolist() == [2, 3] and rest['b'].numpy().tolist() == [b'y', b'z']
    with pytest.raises(OutOfRangeError) as info:
        q.dequeue()
    assert "is closed and has insufficient elements (requested 1, current size 0) [Op:QueueDequeueV2] name: " \
           "Empty_Dequeue" in str(info.value)
    with pytest.raises(CancelledError) as info:
        q.enqueue({'a': 1, 'b': 'x'})
    assert str(info.value).endswith("' is closed. [Op:QueueEnqueueV2] name: ")


def test_closed_queue_drains_then_runs_out():
    q = tf.queue.FIFOQueue(5, tf.float32, shapes=[[]])
    q.enqueue(1.)
    q.enqueue(2.)
    assert q.dequeue_many(2).numpy().tolist() == [1., 2.]
    q.enqueue(3.)
    q.close(cancel_pending_enqueues=True)
    with pytest.raises(OutOfRangeError, match=r'\(requested 2, current size 1\) \[Op:QueueDequeueManyV2\]'):
        q.dequeue_many(2)
    assert q.dequeue_up_to(2).numpy().tolist() == [3.]
    with pytest.raises(OutOfRangeError, match=r'\(requested 2, current size 0\) \[Op:QueueDequeueUpToV2\]'):
        q.dequeue_up_to(2)


def test_padding_fifo_queue_pads_batches():
    p = tf.queue.PaddingFIFOQueue(5, tf.int32, shapes=[[None]])
    for row in ([1, 2, 3], [4], [5, 6]):
        p.enqueue((row,))
    assert p.dequeue_many(3).numpy().tolist() == [[1, 2, 3], [4, 0, 0], [5, 6, 0]]
    with pytest.raises(TypeError):
        tf.queue.PaddingFIFOQueue(5, tf.int32)


def test_random_shuffle_queue_holds_back_min_after_dequeue():
    q = tf.queue.RandomShuffleQueue(10, 2, tf.int32, shapes=[[]], seed=42)
    q.enqueue_many(([1, 2, 3, 4, 5, 6],))
    got = q.dequeue_many(4).numpy().tolist()
    assert q.size().numpy() == 2
    q.close()
    got += q.dequeue_many(2).numpy().tolist()
    assert sorted(got) == [1, 2, 3, 4, 5, 6]


def test_priority_queue_dequeues_lowest_first():
    pq = tf.queue.PriorityQueue(5, [tf.string], shapes=[[]])
    for priority, value in ((3, 'c'), (1, 'a'), (2, 'b')):
        pq.enqueue((tf.constant(priority, tf.int64), value))
    priorities, values = pq.dequeue_many(3)
    assert priorities.numpy().tolist() == [1, 2, 3] and values.numpy().tolist() == [b'a', b'b', b'c']
    assert isinstance(pq, tf.queue.QueueBase)


def test_enqueue_blocks_until_another_thread_dequeues():
    q = tf.queue.FIFOQueue(1, tf.int32, shapes=[[]])
    taken = []
    consumer = threading.Thread(target=lambda: taken.extend(int(q.dequeue().numpy()) for _ in range(3)))
    consumer.start()
    for i in range(3):
        q.enqueue(i)
    consumer.join(timeout=10)
    assert taken == [0, 1, 2]


@pytest.mark.parametrize('call, error, text', [
    (lambda: tf.queue.FIFOQueue(2, tf.float32, shapes=[[1], [2]]), InvalidArgumentError,
     'Different number of component types.  Types: float, Shapes: [[1], [2]] [Op:FIFOQueueV2] name: fifo_queue'),
    (lambda: tf.queue.FIFOQueue(2, [tf.float32], names=['a', 'b']), ValueError,
     'List of names must have the same length as the list of dtypes, received len(names)=2,len(dtypes)=1'),
    (lambda: tf.queue.FIFOQueue(2, tf.float32).dequeue_many(1), InvalidArgumentError,
     "FIFOQueue's DequeueMany and DequeueUpTo require the components to have specified shapes. "
     '[Op:QueueDequeueManyV2] name: Empty_Dequeue'),
])
def test_bad_arguments_raise_tensorflows_errors(call, error, text):
    with pytest.raises(error) as info:
        call()
    assert str(info.value).endswith(text)
