"""The elements of a ``Dataset.prefetch`` stage, one made before it is asked for.

tf.data's prefetch fills its buffer on a thread of its own: when a consumer takes element k,
element k + 1 is already being made. That is invisible except where making an element changes
state: a Keras preprocessing layer in ``map`` (its SeedGenerator moves on per batch), a
``tf.Variable`` assigned in the map function, a reshuffling shuffle upstream. Measured on TF 2.21
(a map counting its calls before ``prefetch(AUTOTUNE)`` or ``prefetch(1)``): ``for b in ds.take(1)``
runs the map twice, so the image segmentation tutorial's ``train_batches.take(1)`` preview leaves
its RandomFlip augmentation one batch further on for ``fit``. Deeper reads (``take(n)``, n > 1,
larger buffers) race with the consumer on TF (n + 1 to n + 3 calls from run to run); one ahead is
what a prefetch always reaches.

An error raised while making the element ahead is kept and raised when that element is asked for,
as tf.data's prefetch keeps it.
"""


def one_ahead(iterator):
    """Yield ``iterator``'s items, each after the next one has been made."""
    try:
        ready = next(iterator)
    except StopIteration:
        return
    while True:
        try:
            following = next(iterator)
        except StopIteration:
            yield ready
            return
        except Exception as error:      # noqa: BLE001 (any error of the pipeline, raised in its turn)
            yield ready
            raise error
        yield ready
        ready = following
