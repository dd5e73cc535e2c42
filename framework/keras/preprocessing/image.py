"""``tf.keras.preprocessing.image``: Keras's image file helpers (``load_img``, ``img_to_array``,
``array_to_img``, ``save_img``, ``smart_resize``) and Keras 1's augmentation API
(``ImageDataGenerator``, its iterators and the single-image ``random_*`` transforms)."""
from ..images import array_to_img, img_to_array, load_img, save_img  # noqa: F401
from .image_data_generator import ImageDataGenerator  # noqa: F401
from .image_iterators import DirectoryIterator, Iterator, NumpyArrayIterator  # noqa: F401
from .image_transforms import (apply_affine_transform, apply_brightness_shift, apply_channel_shift,  # noqa: F401
                               random_brightness, random_channel_shift, random_rotation, random_shear,
                               random_shift, random_zoom)
from .smart_resize import smart_resize  # noqa: F401


# A missing name reads as Keras prints it ("module 'keras.preprocessing.image' has no attribute ..."), not with tapeflow's path
from .._forward import missing_names as _missing_names  # noqa: E402
__getattr__ = _missing_names('keras.preprocessing.image')
