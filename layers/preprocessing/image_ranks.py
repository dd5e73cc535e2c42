"""Keras 3's refusal of images whose rank is neither 3 (one image) nor 4 (a batch), in its order.

Keras's image layers call ``get_random_transformation`` first, in any mode: some read an axis there
that a short input lacks (IndexError), some test the rank with their own text; then the base call's
``_is_batched`` refuses any other rank in the base text, at inference too."""
from .random_transformation import shape_of

# Keras 3's base image layer's text (its _is_batched)
BATCHED_TEXT = 'Expected image tensor to have rank 3 (single image) or 4 (batch of images). Received: data.shape=%s'


def check_image_rank(layer, images, training):
    """Raise what Keras 3's call of ``layer`` raises for ``images`` of a rank other than 3 or 4.

    ``layer.short_rank_reads``: while training, a rank below it fails on the axis the layer's
    get_random_transformation reads (RandAugment's images.shape[-3], IndexError). ``layer.rank_text``:
    the text of its own rank test, which runs while training, or in any mode where
    ``layer.rank_text_at_inference`` (RandomHue's, which draws at inference too); else BATCHED_TEXT."""
    shape = shape_of(images)
    if len(shape) in (3, 4):
        return
    if training and len(shape) < layer.short_rank_reads:
        error = IndexError('tuple index out of range')
    else:
        own = training or layer.rank_text_at_inference
        error = ValueError((layer.rank_text if own else BATCHED_TEXT) % (tuple(shape),))
    error.add_note('%s: images are rank 3 (height, width, channels) or 4 (batch, height, width, channels); '
                   'received shape %s' % (layer._who, tuple(shape)))
    raise error
