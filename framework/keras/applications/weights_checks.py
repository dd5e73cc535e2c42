"""Keras 3's checks of ``weights`` and ``classes`` for the application families whose messages
are worded differently from VGG's and ResNet's (``imagenet_utils.check_weights``); each family
keeps Keras's own words, so a program that prints the error prints what it prints on TensorFlow."""
import os

_WEIGHTS = ('The `weights` argument should be either `None` (random initialization), %s (pre-training on ImageNet), '
            'or the path to the weights file to be loaded')
# family: (message for weights that are not None, 'imagenet' or a file; for 'imagenet' with a
# top of other than 1000 classes); '{weights}' and '{classes}' are filled in
_MESSAGES = {
    'inception_v3': (_WEIGHTS % '`imagenet`' + '; Received: weights={weights}',
                     'If using `weights="imagenet"` with `include_top=True`, `classes` should be 1000. '
                     'Received classes={classes}'),
    'xception': (_WEIGHTS % "'imagenet'" + '.',
                 "If using `weights='imagenet'` with `include_top=True`, `classes` should be 1000.  "
                 'Received classes={classes}'),
    'densenet': (_WEIGHTS % '`imagenet`' + '.',
                 'If using `weights` as `"imagenet"` with `include_top` as true, `classes` should be 1000'),
    'inception_resnet_v2': (_WEIGHTS % '`imagenet`' + '.',
                            'If using `weights="imagenet"` with `include_top=True`, `classes` should be 1000. '
                            'Received classes={classes}'),
    'efficientnet': (_WEIGHTS % '`imagenet`' + '.',
                     'If using `weights="imagenet"` with `include_top` as true, `classes` should be 1000'),
    'efficientnet_v2': (_WEIGHTS % '`imagenet`' + '.Received: weights={weights}',
                        'If using `weights="imagenet"` with `include_top` as true, `classes` should be 1000'),
}
_MESSAGES['nasnet'] = _MESSAGES['densenet']
_MESSAGES['convnext'] = _MESSAGES['inception_resnet_v2']


def check_weights_of(family, weights, include_top, classes):
    """Keras 3's checks of ``weights`` and ``classes``, in ``family``'s words.

    Raises:
        ValueError: weights that are not None, 'imagenet' or an existing file; 'imagenet' with a
            top of other than 1000 classes.
    """
    bad_weights, bad_classes = _MESSAGES[family]
    if not (weights in {'imagenet', None} or os.path.exists(weights)):
        raise ValueError(bad_weights.format(weights=weights))
    if weights == 'imagenet' and include_top and classes != 1000:
        raise ValueError(bad_classes.format(classes=classes))
