module.exports = null; // no native accelerator: msgpackr uses its JavaScript decoder
