"""The one implementation of image resizing, sampling, colour and box ops, behind ``tf.image``
(and reused by the Keras image layers and ``keras.ops.image``)."""
from .boxes import crop_and_resize, draw_bounding_boxes
from .nms import (combined_non_max_suppression, non_max_suppression, non_max_suppression_overlaps,
                  non_max_suppression_padded, non_max_suppression_with_scores)
from .color import (adjust_brightness, adjust_contrast, adjust_gamma, adjust_hue, adjust_saturation,
                    grayscale_to_rgb, hsv_to_rgb, per_image_standardization, rgb_to_grayscale, rgb_to_hsv,
                    rgb_to_yiq, rgb_to_yuv, yiq_to_rgb, yuv_to_rgb)
from .conversions import convert_image_dtype
from .distorted_box import sample_distorted_bounding_box, stateless_sample_distorted_bounding_box
from .geometry import (central_crop, crop_to_bounding_box, extract_patches, flip_left_right, flip_up_down,
                       pad_to_bounding_box, resize_with_crop_or_pad, rot90, transpose)
from .glimpse import extract_glimpse
from .jpeg_quality import adjust_jpeg_quality, random_jpeg_quality, stateless_random_jpeg_quality
from .quality import image_gradients, psnr, sobel_edges, ssim, ssim_multiscale, total_variation
from .random_adjust import (random_brightness, random_contrast, random_crop, random_flip_left_right,
                            random_flip_up_down, random_hue, random_saturation, stateless_random_brightness,
                            stateless_random_contrast, stateless_random_crop, stateless_random_flip_left_right,
                            stateless_random_flip_up_down, stateless_random_hue, stateless_random_saturation)
from .resize import ResizeMethod, resize, resize_with_pad

__all__ = sorted(name for name in dir() if not name.startswith('_') and name not in (
    'boxes', 'color', 'conversions', 'distorted_box', 'geometry', 'glimpse', 'jpeg_quality', 'layout', 'nms', 'quality', 'random_adjust', 'resize_weights'))
