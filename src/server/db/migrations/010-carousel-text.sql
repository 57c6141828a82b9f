-- Carousel text lives in HTML over the image (readable on a phone, translatable, read by screen
-- readers): the image carries no lettering. `title` stays the headline; these add the second line,
-- the third (shown from tablets up) and the call to action.
ALTER TABLE carousel_slides
  ADD COLUMN subtitle   text NOT NULL DEFAULT '' CHECK (length(subtitle) <= 200),
  ADD COLUMN body       text NOT NULL DEFAULT '' CHECK (length(body) <= 300),
  ADD COLUMN cta_label  text NOT NULL DEFAULT '' CHECK (length(cta_label) <= 60);
